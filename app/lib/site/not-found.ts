import { getPage, ownPath, pathFor, type Lang } from "~/lib/site/route-table";

/** The pages a visitor who asked for a missing one most often goes on to, in this order. */
const POPULAR = ["home", "treatments", "get-an-offer", "special-deals", "about-us", "contact"];

export interface Suggestion {
  name: string;
  path: string;
}

/**
 * Where a 404 sends the visitor on, in their language: first the list page of what they looked for
 * (`kind`: an unknown doctor leads to the doctors), then the popular pages, each path once. The list
 * page only where it has its own route there: a stand-in would carry the wrong name.
 */
export function suggestedPages(lang: Lang, kind?: string): Suggestion[] {
  const page = kind ? getPage(kind) : undefined;
  // A page that exists only with items (ADR 060) may be a 404 itself in this language.
  const first = page && !page.onlyWithItems ? ownPath(page, lang) : null;
  const candidates = [...(page && first ? [{ name: page.name, path: first }] : []), ...POPULAR.map((name) => ({ name, path: pathFor(name, lang) }))];
  const seen = new Set<string>();
  return candidates.flatMap(({ name, path }) => {
    if (!path || seen.has(path)) return [];
    seen.add(path);
    return [{ name, path }];
  });
}

/** What a 404 thrown by a page's loader carries to the root's meta and error boundary. */
export interface NotFoundData {
  /** The document's <title>, in the page's language. */
  title: string;
  /** The list page of what was not found. */
  kind?: string;
}

export function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === "object" && value !== null && typeof (value as NotFoundData).title === "string";
}
