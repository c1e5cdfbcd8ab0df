import type { AppLoadContext } from "@remix-run/node";
import type { Option } from "~/components/admin/content-field";
import type { CurrentImage } from "~/components/admin/content-image-field";
import type { LanguageState } from "~/components/admin/content-strip";
import { contentFormDefaults } from "~/lib/admin/content-form";
import { staffLanguage } from "~/lib/admin/language.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { staffFailure } from "~/lib/admin/guard.server";
import { isUnavailable } from "~/lib/admin/content-unsaved.server";
import { referenceChoices } from "~/lib/admin/content-references.server";
import { CONTENT_REGISTRY, emptyShared, MEDICAL_SPECIALTIES, type ContentItem, type ContentKind, type Lang } from "~/lib/api/content-contract";
import { LANGUAGE_CODES } from "~/lib/api/contract";
import i18next from "~/i18next.server";
import { pages } from "~/lib/route-table";

/** The currencies the clinic quotes in; a deal's other currency stays listed as its own choice. */
const CURRENCIES = ["EUR", "USD", "GBP", "TRY"];

type Api = ReturnType<AppLoadContext["staffApi"]["as"]>;

/**
 * The choices of the kind's select fields, in the staff member's language: items a reference may
 * point to (by their label), the site's pages a slider may link to, the schema.org specialties.
 * Without the API (`api` null, or it does not answer) a reference offers only its current item,
 * by its id, so a form sent back after a failure still holds it.
 */
export async function editorOptions(request: Request, api: Api | null, kind: ContentKind, shared: Record<string, unknown>) {
  const t = await i18next.getFixedT(request, "admin");
  const common = await i18next.getFixedT(request, "common");
  const staffLang = staffLanguage(request);
  const untitled = (id: number) => t("content.untitled", { id });
  const options: Record<string, Option[]> = {};
  const fields = Object.entries(CONTENT_REGISTRY[kind].shared);
  await Promise.all(
    fields.map(async ([name, field]) => {
      if (field.input !== "reference" || !field.ref) return;
      const current = shared[name];
      // Its name needs the API: the id says which it is.
      const offline = typeof current === "number" ? [{ value: String(current), label: `#${current}` }] : [];
      options[name] = api
        ? await referenceChoices(api, field.ref, current, staffLang, untitled).catch((error: unknown) => (isUnavailable(error) ? offline : staffFailure(error)))
        : offline;
    }),
  );
  for (const [name, field] of fields) {
    if (field.input === "page") options[name] = pages.map((page) => ({ value: page.name, label: common(`titles.${page.name}`, { defaultValue: page.name }) }));
    if (field.input === "specialty") options[name] = MEDICAL_SPECIALTIES.map((value) => ({ value, label: t(`content.specialties.${value}`) }));
    if (field.input === "currency") {
      const current = typeof shared[name] === "string" ? [shared[name] as string] : [];
      options[name] = [...new Set([...CURRENCIES, ...current])].map((value) => ({ value, label: value }));
    }
  }
  return options;
}

/**
 * What the editor shows as the item's image: a small variant of its upload (its widths come with a
 * preview of a complete language; an image of under 400 px has no 400 px variant), or the seeded artwork.
 */
export async function currentImage(context: AppLoadContext, staff: Staff, item: ContentItem): Promise<CurrentImage> {
  const imageId = typeof item.shared.imageId === "string" ? item.shared.imageId : null;
  const artwork = typeof item.shared.imageUrl === "string" ? item.shared.imageUrl : null;
  if (!imageId) return { imageId: null, src: artwork };
  const complete = LANGUAGE_CODES.find((lang) => item.texts[lang].status !== "incomplete");
  // Only a thumbnail: whatever goes wrong reading it, the editor still opens.
  const preview = complete ? await context.staffApi.as(staff.token).preview(item.kind, item.id, complete).catch(() => null) : null;
  const image = preview && "image" in preview ? (preview.image as { url: string; srcset?: { url: string; width: number }[] }) : null;
  const smallest = image?.srcset?.length ? [...image.srcset].sort((a, b) => a.width - b.width)[0].url : image?.url;
  return { imageId, src: smallest ?? `/media/u/${imageId}/400.webp` };
}

/** Each language's state for the strip: none yet for a new item. */
export function languageStates(item: ContentItem | null): Record<Lang, LanguageState> {
  return Object.fromEntries(
    LANGUAGE_CODES.map((lang) => [lang, item ? { status: item.texts[lang].status, missing: item.texts[lang].missing } : { status: null, missing: [] }]),
  ) as Record<Lang, LanguageState>;
}

/**
 * The form's starting values. Ticked for Publish: the languages the editor marked published or
 * that are complete; all five for a new item, or when none is either.
 */
export function editorDefaults(kind: ContentKind, item: ContentItem | null, preset: Record<string, unknown> = {}) {
  if (!item) return contentFormDefaults(kind, { ...emptyShared(kind), ...preset }, {}, [...LANGUAGE_CODES]);
  const ticked = LANGUAGE_CODES.filter((lang) => item.texts[lang].published || item.texts[lang].status !== "incomplete");
  const texts = Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, item.texts[lang].fields]));
  return contentFormDefaults(kind, item.shared, texts, ticked.length ? ticked : [...LANGUAGE_CODES]);
}
