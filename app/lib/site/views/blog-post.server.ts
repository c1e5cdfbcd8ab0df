import type { BlogPost } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { formatDate, isoDay } from "~/lib/site/format";
import { buildPageMeta, itemMeta } from "~/lib/site/page.server";
import { getPage, pathFor, type Lang, type LanguagePaths } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";
import { blogPostingLd } from "~/lib/site/structured-data.server";

/** A blog post's page data at `path`: what its route renders, and the preview of a draft. */
export async function blogPostView(siteUrl: string, post: BlogPost, lang: Lang, path: string, languagePaths: LanguagePaths) {
  const page = getPage("blog")!;
  return {
    meta: await buildPageMeta(siteUrl, lang, { ...itemMeta(post, post.title, post.image), paths: languagePaths, type: "article" }),
    languagePaths,
    breadcrumbs: await breadcrumbTrail(lang, page, { name: post.title, path }),
    jsonLd: blogPostingLd(siteUrl, post, lang, path),
    post: {
      title: post.title,
      summary: post.summary,
      author: post.author,
      category: post.category,
      image: post.image,
      date: { iso: isoDay(post.publishedAt), label: formatDate(lang, post.publishedAt) },
      body: sanitizeRichText(post.body),
    },
    blogPath: pathFor(page.name, lang)!,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
