import { kindLanguages } from "~/lib/admin/content-kinds";
import { slugFor } from "~/lib/admin/slug";
import { CONTENT_REGISTRY, type ContentKind, type Lang } from "~/lib/platform/api/content-contract";

/** The form's name of a language's uri and of the text it is proposed from (a post's title, a doctor's name). */
export const uriField = (lang: Lang) => `texts.${lang}.uri`;
export const uriSourceField = (kind: ContentKind, lang: Lang) => `texts.${lang}.${CONTENT_REGISTRY[kind].label}`;

/**
 * The uri each language would be offered from what the form holds (`value` reads a control by name):
 * for every language of a kind with uris whose source text says something. Russian follows the
 * English uri (slug.ts).
 */
export function proposedUris(kind: ContentKind, value: (name: string) => string): Partial<Record<Lang, string>> {
  if (!CONTENT_REGISTRY[kind].uri) return {};
  const proposals: Partial<Record<Lang, string>> = {};
  for (const lang of kindLanguages(kind)) {
    const enUri = value(uriField("en")).trim() || proposals.en || "";
    const uri = slugFor(lang, value(uriSourceField(kind, lang)), { enUri });
    if (uri) proposals[lang] = uri;
  }
  return proposals;
}

/** A save without JavaScript: a language whose uri was left empty gets the one its title proposes (the editor sees it, and may change it). */
export function fillEmptyUris(kind: ContentKind, form: FormData) {
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  for (const [lang, uri] of Object.entries(proposedUris(kind, read)) as [Lang, string][]) {
    if (read(uriField(lang)).trim() === "" && read(uriSourceField(kind, lang)).trim() !== "") form.set(uriField(lang), uri);
  }
}
