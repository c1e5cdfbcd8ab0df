import { getAllAboutLife, getAllBlogPosts, getAllDoctors, getAllSpecialDeals, type ContentContext } from "~/lib/platform/api/content.server";
import type { LanguagePath } from "~/lib/platform/api/contract";
import { itemLanguagePaths } from "~/lib/site/detail.server";
import { doctorLanguagePaths } from "~/lib/site/views/present-doctor.server";
import { getPage, ownPath, type Lang, type LanguagePaths } from "~/lib/site/route-table";

export interface DetailPath {
  lang: Lang;
  /** Site-relative, raw Unicode as in the route table (encode it for XML). */
  path: string;
  /** The same item in every language that has it, for hreflang / xhtml:link; includes `lang` itself. */
  alternates: LanguagePaths;
  /** ISO date-time of publication, for a sitemap's lastmod (blog posts only). */
  lastModified?: string;
}

/** Each language where the page has its own route, with the items the API holds in that language. */
async function collect<T extends { id: number; languagePaths: LanguagePath[] }>(
  pageName: string,
  read: (lang: Lang) => Promise<T[]>,
  lastModified: (item: T) => string | undefined = () => undefined,
  pathsOf: (item: T) => LanguagePaths = (item) => itemLanguagePaths(pageName, item.id, item.languagePaths),
): Promise<DetailPath[]> {
  const page = getPage(pageName)!;
  const langs = (Object.keys(page.slugs) as Lang[]).filter((lang) => ownPath(page, lang));
  const perLang = await Promise.all(
    langs.map(async (lang) =>
      (await read(lang)).flatMap((item) => {
        const alternates = pathsOf(item);
        const path = alternates[lang];
        return path ? [{ lang, path, alternates, lastModified: lastModified(item) }] : [];
      }),
    ),
  );
  return perLang.flat();
}

/**
 * Every blog post, special deal, doctor and "About life" article page (treatments: treatment-paths.server.ts) in every
 * language, through the API (cached), for the sitemap. Throws the API's error when it cannot answer.
 */
export async function listDetailPaths(context: ContentContext): Promise<DetailPath[]> {
  const [posts, deals, doctors, articles] = await Promise.all([
    collect(
      "blog",
      (lang) => getAllBlogPosts(context, lang),
      (post) => post.publishedAt,
    ),
    collect("special-deals", (lang) => getAllSpecialDeals(context, lang)),
    collect("doctors", (lang) => getAllDoctors(context, lang), undefined, doctorLanguagePaths),
    collect(
      "about-life",
      (lang) => getAllAboutLife(context, lang),
      (article) => article.publishedAt,
    ),
  ]);
  return [...posts, ...deals, ...doctors, ...articles];
}
