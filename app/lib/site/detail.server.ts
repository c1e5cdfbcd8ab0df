import { redirect } from "@remix-run/node";
import type { LanguagePath } from "~/lib/platform/api/contract";
import { throwApiFailure } from "~/lib/platform/api/unavailable.server";
import { pageRoute, requireRouteOr404, withNotFound } from "~/lib/site/page.server";
import { detailPath, isLang, type Lang, type LanguagePaths } from "~/lib/site/route-table";

/** An id param the API can know: a positive integer (leading zeros are the same id, moved to its canonical path). */
export function requireId(value: string | undefined): number {
  const id = value !== undefined && /^\d+$/.test(value) ? Number(value) : 0;
  return requireRouteOr404(Number.isSafeInteger(id) && id >= 1 ? id : null);
}

/** A known id at the wrong uri moves permanently to the canonical uri. */
function redirectToCanonical(request: Request, canonicalPath: string) {
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

/** An item as the API gives it: its id, and its uri in each language it has. */
type ApiItem = { id: number; languagePaths: LanguagePath[] };

/** What a detail page's view is made from: the item, the page's language, its path there and in every language it has. */
export interface DetailPage<T> {
  item: T;
  lang: Lang;
  path: string;
  languagePaths: LanguagePaths;
}

type ReadItem<T> = (lang: Lang, id: number) => Promise<T>;

/**
 * What every detail page of an id loads (a treatment, a sub-treatment, a special deal, a blog post):
 * the matched route's language, the item the id names (404 for an id that is no positive integer or
 * an item the API does not have or `read` refuses, 503 when the API cannot answer), its path in each
 * language it has (by default its own uri under the list page `pageName`), and a 301 from any other
 * spelling of its path to this language's. Its 404 suggests the list page `pageName` first.
 */
export function loadDetailPage<T extends ApiItem>(request: Request, pageName: string, id: string | undefined, read: ReadItem<T>): Promise<DetailPage<T>>;
export function loadDetailPage<T>(
  request: Request,
  pageName: string,
  id: string | undefined,
  read: ReadItem<T>,
  pathsOf: (item: T) => LanguagePaths,
): Promise<DetailPage<T>>;
export async function loadDetailPage<T>(
  request: Request,
  pageName: string,
  id: string | undefined,
  read: ReadItem<T>,
  pathsOf: (item: T) => LanguagePaths = (item) => itemLanguagePaths(pageName, (item as ApiItem).id, (item as ApiItem).languagePaths),
): Promise<DetailPage<T>> {
  const { lang } = pageRoute(pageName, request);
  return withNotFound(lang, pageName, async () => {
    const item = await read(lang, requireId(id)).catch(throwApiFailure);
    const languagePaths = pathsOf(item);
    const path = requireRouteOr404(languagePaths[lang] ?? null);
    redirectToCanonical(request, path);
    return { item, lang, path, languagePaths };
  });
}
