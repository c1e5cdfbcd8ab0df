import type { LanguagePath } from "~/lib/platform/api/contract";
import { getAllTreatments, getSubTreatments, type ContentContext } from "~/lib/platform/api/content.server";
import { itemLanguagePaths } from "~/lib/site/detail.server";
import { getPage, isLang, languages, ownPath, subDetailPath, type Lang, type LanguagePaths } from "~/lib/site/route-table";

const TREATMENTS = "treatments";

/**
 * A sub-treatment's own path in every language where both it and its treatment exist:
 * the parent's uri comes from the treatment's languagePaths, the item's from its own.
 */
export function subTreatmentLanguagePaths(
  parent: { id: number; languagePaths: LanguagePath[] },
  sub: { id: number; languagePaths: LanguagePath[] },
): LanguagePaths {
  const parentUris = new Map(parent.languagePaths.map((p) => [p.languageCode, p.route]));
  const result: LanguagePaths = {};
  for (const { languageCode, route } of sub.languagePaths) {
    const parentUri = parentUris.get(languageCode);
    if (!isLang(languageCode) || !parentUri) continue;
    const path = subDetailPath(TREATMENTS, languageCode, { uri: parentUri, id: parent.id }, { uri: route, id: sub.id });
    if (path) result[languageCode] = path;
  }
  return result;
}

export interface DetailPathEntry {
  lang: Lang;
  path: string;
  /** The same item's path in every language it has (itself included), for xhtml:link alternates. */
  alternates: LanguagePaths;
}

/**
 * Every treatment and sub-treatment detail path in every language the treatments page has,
 * read from the API (for the sitemap). API failures propagate: a sitemap missing pages is worse
 * than a sitemap that answers 503 for a minute.
 */
export async function listTreatmentPaths(context: ContentContext): Promise<DetailPathEntry[]> {
  const page = getPage(TREATMENTS)!;
  const langs = languages.filter((lang) => ownPath(page, lang) !== null);
  const perLang = await Promise.all(
    langs.map(async (lang) => {
      const [treatments, subs] = await Promise.all([getAllTreatments(context, lang), getSubTreatments(context, lang)]);
      const entries: DetailPathEntry[] = [];
      const parents = new Map(treatments.map((t) => [t.id, t]));
      for (const t of treatments) {
        const alternates = itemLanguagePaths(TREATMENTS, t.id, t.languagePaths);
        if (alternates[lang]) entries.push({ lang, path: alternates[lang], alternates });
      }
      for (const sub of subs) {
        // A sub-treatment whose treatment is not in the list (another category) has no page here.
        const parent = parents.get(sub.treatment.id);
        if (!parent) continue;
        const alternates = subTreatmentLanguagePaths(parent, sub);
        if (alternates[lang]) entries.push({ lang, path: alternates[lang], alternates });
      }
      return entries;
    }),
  );
  return perLang.flat();
}
