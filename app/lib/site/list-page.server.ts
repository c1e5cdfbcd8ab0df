import { redirect, type AppLoadContext } from "@remix-run/node";
import type { PageMeta } from "~/lib/site/meta";
import { throwApiFailure } from "~/lib/platform/api/unavailable.server";
import { getPageText } from "~/lib/site/page-text.server";
import { PAGE_SIZES, pagePath } from "~/lib/site/list-page";
import { buildPageMeta, getT, pageRoute, withNotFound } from "~/lib/site/page.server";
import { ownPaths, pathFor, type Lang, type PageDef } from "~/lib/site/route-table";
import type { Breadcrumb } from "~/lib/site/breadcrumbs";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";

/**
 * The page number of a paged list from `?page=N`. Page 1 lives at the bare path (one canonical URL),
 * so `?page=1` and spellings such as `?page=02` move there permanently; anything that is not a page
 * number is not a page (404).
 */
export function requirePageNumber(request: Request): number {
  const url = new URL(request.url);
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Response("Not Found", { status: 404 });
  const page = Number(raw);
  if (page === 1) url.searchParams.delete("page");
  else if (raw !== String(page)) url.searchParams.set("page", String(page));
  else return page;
  throw redirect(url.pathname + (url.search === "?" ? "" : url.search), 301);
}

/** Pages past the end do not exist. */
export function requireExistingPage(page: number, totalCount: number, pageSize: number): number {
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
  if (page > pageCount) throw new Response("Not Found", { status: 404 });
  return pageCount;
}

/**
 * Title, description, canonical and hreflang of page N of a list. Later pages get their own title,
 * description and canonical, and their hreflang points at the same page number in the other languages.
 */
export async function buildListMeta(
  siteUrl: string,
  page: PageDef,
  lang: Lang,
  title: string,
  description: string,
  pageNumber: number,
  pageCount: number,
): Promise<PageMeta> {
  const paths = ownPaths(page);
  if (pageNumber === 1) return await buildPageMeta(siteUrl, lang, { title, description, paths });
  const t = await getT(lang);
  const label = t("pagination.pageOf", { page: pageNumber, count: pageCount });
  return metaOfPage(await buildPageMeta(siteUrl, lang, { title: `${title} (${label})`, description: `${description} ${label}.`, paths }), pageNumber);
}

/** Page N of a list is its own canonical page; its alternates are page N in the other languages. */
export function metaOfPage(meta: PageMeta, pageNumber: number): PageMeta {
  if (pageNumber === 1) return meta;
  const withPage = (href: string) => {
    const url = new URL(href);
    url.searchParams.set("page", String(pageNumber));
    return url.href;
  };
  return { ...meta, canonical: withPage(meta.canonical), alternates: meta.alternates.map((a) => ({ ...a, href: withPage(a.href) })) };
}

/** A list page's breadcrumbs: later pages add their page number as the last step. */
async function pagedBreadcrumbs(page: PageDef, lang: Lang, pageNumber: number, pageCount: number): Promise<Breadcrumb[]> {
  if (pageNumber === 1) return breadcrumbTrail(lang, page);
  const t = await getT(lang);
  const path = pagePath(pathFor(page.name, lang)!, pageNumber);
  return breadcrumbTrail(lang, page, { name: t("pagination.pageOf", { page: pageNumber, count: pageCount }), path });
}

/** One page of a list the site holds in full (deals are filtered before they are paged). */
export function slicePage<T>(items: T[], pageNumber: number, pageSize: number): T[] {
  return items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
}

/** One page of items read from the API, with how many there are in all. */
export interface ItemsPage<T> {
  items: T[];
  totalCount: number;
}

/**
 * What every paged list page loads: the route, the page number (404 past the end, 301 for
 * `?page=1`), the page's own copy, one page of items, and the frame the list-page layout shows
 * around them (meta, breadcrumbs, title, lead, sections, paging, the offer call).
 */
export async function loadListPage<T>(
  request: Request,
  context: Pick<AppLoadContext, "config">,
  list: keyof typeof PAGE_SIZES,
  readPage: (lang: Lang, pageNumber: number, pageSize: number) => Promise<ItemsPage<T>>,
) {
  // Each paged list is its table page's own module: the list's name is the page's.
  const { page, lang } = pageRoute(list, request);
  // A page number that is none, or past the end, is a 404 that suggests the list's first page.
  const pageNumber = await withNotFound(lang, list, async () => requirePageNumber(request));
  const pageSize = PAGE_SIZES[list];
  const [t, content, found] = await Promise.all([getT(lang), getPageText(page.name, lang), readPage(lang, pageNumber, pageSize).catch(throwApiFailure)]);
  const pageCount = await withNotFound(lang, list, async () => requireExistingPage(pageNumber, found.totalCount, pageSize));
  const title = t(page.pageTitle);
  return {
    lang,
    items: found.items,
    /** Where this page's first item stands in the whole list (for ItemList positions). */
    offset: (pageNumber - 1) * pageSize,
    frame: {
      meta: await buildListMeta(context.config.siteUrl, page, lang, title, content.metaDescription, pageNumber, pageCount),
      breadcrumbs: await pagedBreadcrumbs(page, lang, pageNumber, pageCount),
      title,
      lead: content.lead,
      sections: content.sections,
      path: pathFor(page.name, lang)!,
      pageNumber,
      pageCount,
      offerPath: pathFor("get-an-offer", lang)!,
    },
  };
}
