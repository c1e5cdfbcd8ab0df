import type { Faq } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { getPageText } from "~/lib/site/page-text.server";
import { buildPageMeta, getT } from "~/lib/site/page.server";
import { getPage, ownPaths, pathFor, type Lang } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";
import { faqPageJsonLd } from "~/lib/site/structured-data.server";

/** The FAQ page's data for these questions: what its route renders, and the preview of one draft. */
export async function faqView(siteUrl: string, faqs: Faq[], lang: Lang) {
  const page = getPage("faq")!;
  const [t, content, breadcrumbs] = await Promise.all([getT(lang), getPageText(page.name, lang), breadcrumbTrail(lang, page)]);
  const questions = faqs.map((faq) => ({ id: faq.id, question: faq.question, answer: sanitizeRichText(faq.answer) }));
  const title = t(page.pageTitle);
  return {
    meta: await buildPageMeta(siteUrl, lang, { title, description: content.metaDescription, paths: ownPaths(page) }),
    // A FAQPage without questions is not one: search engines would flag it.
    jsonLd: questions.length ? faqPageJsonLd(questions) : undefined,
    breadcrumbs,
    title,
    align: page.pageTitleAlign,
    content,
    questions,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
