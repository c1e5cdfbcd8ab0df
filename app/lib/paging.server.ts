import { redirect } from "@remix-run/node";
import type { PageMeta } from "~/lib/meta";

/**
 * The list page a request asks for, from `?page=N`. Page 1 has one address (the bare list path),
 * so `?page=1` moves there permanently; anything but a whole number from 1 up is not a page.
 */
export function requirePageIndex(request: Request): number {
  const url = new URL(request.url);
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw new Response("Not Found", { status: 404 });
  const page = Number(raw);
  if (page === 1) {
    url.searchParams.delete("page");
    throw redirect(url.pathname + url.search, 301);
  }
  return page;
}

/** Past the last page there is nothing to show: the 404 page, not an empty list. */
export function requirePageInRange(page: number, totalCount: number, pageSize: number): number {
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
  if (page > pageCount) throw new Response("Not Found", { status: 404 });
  return pageCount;
}

const withPage = (href: string, page: number) => {
  if (page === 1) return href;
  const url = new URL(href);
  url.searchParams.set("page", String(page));
  return url.href;
};

/** Each page of a list is its own canonical page, and its alternates are the same page in other languages. */
export function pagedMeta(meta: PageMeta, page: number): PageMeta {
  return {
    ...meta,
    canonical: withPage(meta.canonical, page),
    alternates: meta.alternates.map((a) => ({ ...a, href: withPage(a.href, page) })),
  };
}
