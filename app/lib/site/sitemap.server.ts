import { archivePaths, getArchive, issuePath } from "~/lib/bulletins/archive.server";
import { aboutLifePaths } from "~/lib/site/about-life.server";
import { getAllSpecialDeals, getBlogPage, getTestimonialsPage, getTreatmentsPage, type ContentContext } from "~/lib/platform/api/content.server";
import { isDealOpen } from "~/lib/site/cards";
import { listDetailPaths } from "~/lib/site/detail-paths.server";
import { PAGE_SIZES, pagePath } from "~/lib/site/list-page";
import { absoluteUrl } from "~/lib/site/page.server";
import { listTreatmentPaths } from "~/lib/site/treatment-paths.server";
import { allRoutes, defaultLanguage, getPage, ownPath, ownPaths, type Lang, type LanguagePaths } from "~/lib/site/route-table";

export interface SitemapEntry {
  path: string;
  /** The same page in every language that has it, itself included. */
  alternates: LanguagePaths;
  lastModified?: string;
}

/** How many items each paged list holds in a language; page 2 onwards are pages of their own. */
const pagedLists: Record<keyof typeof PAGE_SIZES, (context: ContentContext, lang: Lang) => Promise<number>> = {
  treatments: async (context, lang) => (await getTreatmentsPage(context, lang, 1, PAGE_SIZES.treatments)).totalCount,
  blog: async (context, lang) => (await getBlogPage(context, lang, 1, PAGE_SIZES.blog)).totalCount,
  testimonials: async (context, lang) => (await getTestimonialsPage(context, lang, 1, PAGE_SIZES.testimonials)).totalCount,
  "special-deals": async (context, lang) => (await getAllSpecialDeals(context, lang)).filter((deal) => isDealOpen(deal)).length,
};

async function laterListPages(context: ContentContext): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (const [name, count] of Object.entries(pagedLists) as [keyof typeof PAGE_SIZES, (context: ContentContext, lang: Lang) => Promise<number>][]) {
    const page = getPage(name)!;
    const langs = (Object.keys(page.slugs) as Lang[]).filter((lang) => ownPath(page, lang));
    const pageCounts = new Map(await Promise.all(langs.map(async (lang) => [lang, Math.ceil((await count(context, lang)) / PAGE_SIZES[name])] as const)));
    const most = Math.max(0, ...pageCounts.values());
    for (let n = 2; n <= most; n++) {
      const alternates: LanguagePaths = {};
      for (const lang of langs) if ((pageCounts.get(lang) ?? 0) >= n) alternates[lang] = pagePath(ownPath(page, lang)!, n);
      for (const path of Object.values(alternates)) entries.push({ path, alternates });
    }
  }
  return entries;
}

/** The bulletins' archive (ADR 060): its list in each language that has a published issue, and each issue's page (in its language only). */
async function archivePages(context: ContentContext): Promise<SitemapEntry[]> {
  const issues = await getArchive(context);
  const lists = archivePaths(issues);
  return [
    ...Object.values(lists).map((path) => ({ path, alternates: lists })),
    ...issues.flatMap(({ list, id, sentAt }) => {
      const path = issuePath(list, id);
      return path ? [{ path, alternates: { [list]: path }, lastModified: sentAt }] : [];
    }),
  ];
}

/** Every page the site serves: the route table's, later pages of lists, and every detail page. */
export async function sitemapEntries(context: ContentContext): Promise<SitemapEntry[]> {
  // A page that exists only with items is listed by what it holds (archivePages), not by the table.
  const tablePages = allRoutes()
    .filter(({ page }) => !page.onlyWithItems)
    .map(({ page, path }) => ({
      path,
      alternates: ownPaths(page),
    }));
  const [treatments, details, paged, archive, aboutLife] = await Promise.all([
    listTreatmentPaths(context),
    listDetailPaths(context),
    laterListPages(context),
    archivePages(context),
    aboutLifePaths(context),
  ]);
  return [
    ...tablePages,
    ...archive,
    // "About life" (ADR 063): its list in each language that has an article; the articles are details.
    ...Object.values(aboutLife).map((path) => ({ path, alternates: aboutLife })),
    ...paged,
    ...treatments.map(({ path, alternates }) => ({ path, alternates })),
    ...details.map(({ path, alternates, lastModified }) => ({ path, alternates, lastModified })),
  ];
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, alternates, lastModified }) => {
    const links = Object.entries(alternates).map(
      ([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xml(absoluteUrl(siteUrl, href!))}"/>`,
    );
    const xDefault = alternates[defaultLanguage] ?? Object.values(alternates)[0];
    if (xDefault) links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${xml(absoluteUrl(siteUrl, xDefault))}"/>`);
    const lastmod = lastModified ? `<lastmod>${xml(lastModified.slice(0, 10))}</lastmod>` : "";
    return `<url><loc>${xml(absoluteUrl(siteUrl, path))}</loc>${lastmod}${links.join("")}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
