import { getAllAboutLife, type ContentContext } from "~/lib/platform/api/content.server";
import type { AboutLifeArticle } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { formatDate, isoDay } from "~/lib/site/format";
import { absoluteUrl, buildPageMeta } from "~/lib/site/page.server";
import { detailPath, getPage, languages, ownPath, pathFor, type Lang, type LanguagePaths } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";
import { imageObject, organization, type JsonLd } from "~/lib/site/structured-data.server";

/**
 * "About life" (ADR 063): the list page exists in a language only while it has a published
 * article there (the route table's onlyWithItems, ADR 060). Every answer here comes from the
 * language's whole list, one cached read that publishing forgets (content-freshness.server.ts).
 */
export const ABOUT_LIFE = "about-life";

/** The list page's path in each language that has at least one article: its hreflang, the sitemap's entries, the menus. */
export async function aboutLifePaths(context: ContentContext): Promise<LanguagePaths> {
  const page = getPage(ABOUT_LIFE)!;
  const found = await Promise.all(
    languages.map(async (lang) => {
      const path = ownPath(page, lang);
      return path && (await getAllAboutLife(context, lang)).length > 0 ? ([lang, path] as const) : null;
    }),
  );
  return Object.fromEntries(found.filter((entry) => entry !== null));
}

/** An article's path in a language. */
export const articlePath = (lang: Lang, article: Pick<AboutLifeArticle, "uri" | "id">) => detailPath(ABOUT_LIFE, lang, article.uri, article.id);

/** What a card of the list shows. */
export function toArticleCard(article: AboutLifeArticle, lang: Lang) {
  return {
    id: article.id,
    title: article.title,
    summary: article.summary,
    image: article.image,
    path: articlePath(lang, article)!,
    date: { iso: isoDay(article.publishedAt), label: formatDate(lang, article.publishedAt) },
  };
}
export type ArticleCard = ReturnType<typeof toArticleCard>;

/** schema.org Article: an article about life in Istanbul is no blog posting and has no named author. */
export function articleLd(siteUrl: string, article: AboutLifeArticle, lang: Lang, path: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.summary,
    datePublished: article.publishedAt,
    author: organization(siteUrl),
    publisher: organization(siteUrl),
    ...(article.image ? { image: imageObject(siteUrl, article.image) } : {}),
    inLanguage: lang,
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(siteUrl, path) },
  };
}

/** An article's page data at `path`: what its route renders, and the preview of a draft. */
export async function articleView(siteUrl: string, article: AboutLifeArticle, lang: Lang, path: string, languagePaths: LanguagePaths) {
  const page = getPage(ABOUT_LIFE)!;
  return {
    meta: await buildPageMeta(siteUrl, lang, {
      title: article.seoTitle ?? article.title,
      description: article.seoDescription ?? article.summary,
      image: article.image ?? undefined,
      paths: languagePaths,
      type: "article",
    }),
    languagePaths,
    breadcrumbs: await breadcrumbTrail(lang, page, { name: article.title, path }),
    jsonLd: articleLd(siteUrl, article, lang, path),
    article: {
      title: article.title,
      summary: article.summary,
      image: article.image,
      date: { iso: isoDay(article.publishedAt), label: formatDate(lang, article.publishedAt) },
      body: sanitizeRichText(article.body),
    },
    listPath: pathFor(ABOUT_LIFE, lang)!,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
