import type { AppLoadContext } from "@remix-run/node";
import type { CurrentImage, LanguageState, Option } from "~/lib/admin/content-editor-data";
import { contentFormDefaults } from "~/lib/admin/content-form";
import { staffLanguage } from "~/lib/admin/language.server";
import { staffFailure } from "~/lib/admin/guard.server";
import { isUnavailable } from "~/lib/admin/content-unsaved.server";
import { referenceChoices } from "~/lib/admin/content-references.server";
import { CONTENT_REGISTRY, emptyShared, MEDICAL_SPECIALTIES, type ContentItem, type ContentKind, type Lang } from "~/lib/platform/api/content-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import { isNotFound } from "~/lib/platform/api/errors";
import { thumbnailUrl } from "~/lib/platform/api/media-urls";
import i18next from "~/lib/render/i18next.server";
import { pages } from "~/lib/site/route-table";

/** The currencies the clinic quotes in; a deal's other currency stays listed as its own choice. */
const CURRENCIES = ["EUR", "USD", "GBP", "TRY"];

type Api = ReturnType<AppLoadContext["staffApi"]["as"]>;
/** What an API failure here is answered with (guard.server.ts). */
type FailureContext = Pick<AppLoadContext, "staffSessions">;

/**
 * The choices of the kind's select fields, in the staff member's language: items a reference may
 * point to (by their label), the site's pages a slider may link to, the schema.org specialties.
 * Without the API (`api` null, or it does not answer) a reference offers only its current item,
 * by its id, so a form sent back after a failure still holds it.
 */
export async function editorOptions(request: Request, context: FailureContext, api: Api | null, kind: ContentKind, shared: Record<string, unknown>) {
  const t = await i18next.getFixedT(request, "admin");
  const common = await i18next.getFixedT(request, "common");
  const staffLang = staffLanguage(request);
  const untitled = (id: number) => t("content.untitled", { id });
  const options: Record<string, Option[]> = {};
  const fields = Object.entries(CONTENT_REGISTRY[kind].shared);
  await Promise.all(
    fields.map(async ([name, field]) => {
      if ((field.input !== "reference" && field.input !== "references") || !field.ref) return;
      const current = shared[name];
      // Its name needs the API: the id says which it is.
      const offline = (Array.isArray(current) ? current : [current])
        .filter((id) => typeof id === "number")
        .map((id) => ({ value: String(id), label: `#${id}` }));
      options[name] = api
        ? await referenceChoices(api, field.ref, current, staffLang, untitled).catch((error: unknown) =>
            isUnavailable(error) ? offline : staffFailure(context, error),
          )
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
 * What the editor shows for an image: the smallest variant of an upload (400 px, or the image's own
 * width when it is narrower), read from the API, or the seeded artwork. Only a thumbnail: when it
 * cannot be read, the editor still opens, without it.
 */
export async function imageThumbnail(context: FailureContext, api: Api, imageId: string | null, artwork: string | null = null): Promise<CurrentImage> {
  if (!imageId) return { imageId: null, src: artwork };
  const upload = await api.get("contentImage", { params: { id: imageId } }).then(
    (answer) => answer.result,
    (error: unknown) => (isUnavailable(error) || isNotFound(error) ? null : staffFailure(context, error)),
  );
  return { imageId, src: upload && thumbnailUrl(upload) };
}

/** The item's image as the editor opens it. */
export const currentImage = (context: FailureContext, api: Api, item: ContentItem) =>
  imageThumbnail(
    context,
    api,
    typeof item.shared.imageId === "string" ? item.shared.imageId : null,
    typeof item.shared.imageUrl === "string" ? item.shared.imageUrl : null,
  );

/** Each language's state for the strip: none yet for a new item. */
export function languageStates(item: ContentItem | null): Record<Lang, LanguageState> {
  return Object.fromEntries(
    LANGUAGE_CODES.map((lang) => [lang, item ? { status: item.texts[lang].status, missing: item.texts[lang].missing } : { status: null, missing: [] }]),
  ) as Record<Lang, LanguageState>;
}

/**
 * The form's starting values. Nothing is ticked for Publish: an editor who changed one language
 * and pressed Publish would otherwise also put back languages that were held back or taken down.
 */
export function editorDefaults(kind: ContentKind, item: ContentItem | null, preset: Record<string, unknown> = {}) {
  if (!item) return contentFormDefaults(kind, { ...emptyShared(kind), ...preset }, {}, []);
  const texts = Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, item.texts[lang].fields]));
  return contentFormDefaults(kind, item.shared, texts, []);
}
