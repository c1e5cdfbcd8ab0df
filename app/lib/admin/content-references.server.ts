import type { AppLoadContext } from "@remix-run/node";
import type { Option } from "~/lib/admin/content-editor-data";
import { itemLabel, summaryLabel } from "~/lib/admin/content-labels";
import type { StaffLanguage } from "~/lib/platform/api/admin-contract";
import type { ContentKind } from "~/lib/platform/api/content-contract";
import { isNotFound } from "~/lib/platform/api/errors";

type Api = Pick<ReturnType<AppLoadContext["staffApi"]["as"]>, "get">;

/** The list's largest page. */
const PAGE_SIZE = 100;
/** Pages read at most: a select of a thousand names is the end of what anyone can pick from. */
const MAX_PAGES = 10;

/**
 * A reference field's choices: the items of the kind it points to, by their names in the staff
 * member's language, read page by page up to MAX_PAGES; and the item (or, for a list of
 * references, each item) it points to now, always,
 * read on its own when it lies beyond those pages. A select without the current value's option
 * would show "Choose…" and send nothing, so the next save would drop the reference unseen.
 */
export async function referenceChoices(
  api: Api,
  ref: ContentKind,
  current: unknown,
  staffLang: StaffLanguage,
  untitled: (id: number) => string,
): Promise<Option[]> {
  const options: Option[] = [];
  for (let pageIndex = 1; pageIndex <= MAX_PAGES; pageIndex++) {
    const { result } = await api.get("contentList", { params: { kind: ref }, query: { pageIndex, pageSize: PAGE_SIZE } });
    for (const item of result.data) options.push({ value: String(item.id), label: summaryLabel(item, staffLang) || untitled(item.id) });
    if (result.data.length < PAGE_SIZE || pageIndex * PAGE_SIZE >= result.totalCount) break;
  }
  // One reference's id, or each of a list's (a package's treatments).
  const ids = (Array.isArray(current) ? current : [current]).filter((id): id is number => typeof id === "number");
  for (const id of ids.filter((id) => !options.some((o) => o.value === String(id)))) {
    // Gone meanwhile, it still is the value: named by its id, and the save says it is unknown.
    const item = await api.get("contentItem", { params: { kind: ref, id } }).then(
      (answer) => answer.result,
      (error: unknown) => (isNotFound(error) ? null : Promise.reject(error)),
    );
    options.push({ value: String(id), label: (item && itemLabel(ref, item, staffLang)) || untitled(id) });
  }
  return options;
}
