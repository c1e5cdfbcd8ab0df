import type { TextPage } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { buildPageMeta } from "~/lib/site/page.server";
import { documentPath, ownPaths, pathFor, sectionLinks, type Lang, type PageDef } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";

/**
 * A route-table text page's data (ADR 061): the published words, or a draft's for the preview, on the
 * page the route table fixes: its addresses, its section's links, its document file where it has one.
 */
export async function textPageView(siteUrl: string, page: PageDef, lang: Lang, text: TextPage) {
  return {
    meta: await buildPageMeta(siteUrl, lang, { title: text.title, description: text.metaDescription, paths: ownPaths(page) }),
    // The table's trail, given here so that a draft's preview (outside the table's routes) has it too;
    // its last step is this page, named as the editors title it.
    breadcrumbs: (await breadcrumbTrail(lang, page)).map((step, i, trail) => (i === trail.length - 1 ? { ...step, name: text.title } : step)),
    title: text.title,
    align: page.pageTitleAlign,
    lead: text.lead,
    body: sanitizeRichText(text.body),
    related: sectionLinks(page, lang),
    offerPath: page.name.startsWith("get-an-offer") ? null : pathFor("get-an-offer", lang),
    // The same text as a file, through the route that counts its downloads (ADR 052): the owner's PDF where there is one (ADR 061).
    download: documentPath(page, lang, text.file ? "pdf" : "txt"),
    downloadType: text.file ? ("pdf" as const) : ("txt" as const),
  };
}
