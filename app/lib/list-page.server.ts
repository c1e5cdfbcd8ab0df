import { redirect } from "@remix-run/node";
import type { PageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/list-page";
import { buildPageMeta, getT } from "~/lib/page.server";
import { pathFor, type Lang, type PageDef } from "~/lib/route-table";
import { listBreadcrumbs, type Breadcrumb } from "~/lib/structured-data.server";

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
  page: PageDef,
  lang: Lang,
  title: string,
  description: string,
  pageNumber: number,
  pageCount: number,
): Promise<PageMeta> {
  if (pageNumber === 1) return buildPageMeta(page, lang, title, description);
  const t = await getT(lang);
  const label = t("pagination.pageOf", { page: pageNumber, count: pageCount });
  const meta = buildPageMeta(page, lang, `${title} (${label})`, `${description} ${label}.`);
  const withPage = (href: string) => {
    const url = new URL(href);
    url.searchParams.set("page", String(pageNumber));
    return url.href;
  };
  return { ...meta, canonical: withPage(meta.canonical), alternates: meta.alternates.map((a) => ({ ...a, href: withPage(a.href) })) };
}

/** A list page's breadcrumbs: later pages add their page number as the last step. */
export async function pagedBreadcrumbs(
  page: PageDef,
  lang: Lang,
  title: string,
  pageNumber: number,
  pageCount: number,
): Promise<Breadcrumb[]> {
  const t = await getT(lang);
  const path = pathFor(page.name, lang)!;
  const tail = pageNumber > 1 ? [{ name: t("pagination.pageOf", { page: pageNumber, count: pageCount }), path: pagePath(path, pageNumber) }] : [];
  return listBreadcrumbs(page, lang, title, ...tail);
}

/** One page of a list the site holds in full (deals are filtered before they are paged). */
export function slicePage<T>(items: T[], pageNumber: number, pageSize: number): T[] {
  return items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
}
