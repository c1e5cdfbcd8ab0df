import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { LanguagePath } from "~/lib/api/contract";
import { requireRouteOr404, routeLang, type PageRoute } from "~/lib/page.server";
import { detailPath, getPage, isLang, type Lang, type LanguagePaths } from "~/lib/route-table";

/** An id param the API can know: a positive integer (leading zeros are the same id, moved to its canonical path). */
export function requireId(value: string | undefined): number {
  const id = value !== undefined && /^\d+$/.test(value) ? Number(value) : 0;
  return requireRouteOr404(Number.isSafeInteger(id) && id >= 1 ? id : null);
}

/** A detail page of the table page `name`: its list page, the matched route's language, and the item id. */
export function detailRoute(name: string, request: Request, params: LoaderFunctionArgs["params"]): PageRoute & { id: number } {
  return { page: getPage(name)!, lang: routeLang(request), id: requireId(params.id) };
}

/** A known id at the wrong uri moves permanently to the canonical uri. */
export function redirectToCanonical(request: Request, canonicalPath: string) {
  const url = new URL(request.url);
  if (decodeURIComponent(url.pathname) !== canonicalPath) throw redirect(encodeURI(canonicalPath) + url.search, 301);
}

/** The item's own path in every language it has, for the language switcher and hreflang. */
export function itemLanguagePaths(pageName: string, id: number, paths: LanguagePath[]): LanguagePaths {
  const result: LanguagePaths = {};
  for (const { languageCode, route } of paths) {
    const path = isLang(languageCode) ? detailPath(pageName, languageCode, route, id) : null;
    if (path) result[languageCode as Lang] = path;
  }
  return result;
}
