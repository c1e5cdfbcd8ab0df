import table from "~/route-table.json";

export type Lang = "en" | "tr" | "ru" | "fr" | "ar";

export interface PageDef {
  name: string;
  module: string;
  pageTitle: string;
  pageTitleAlign: "start" | "center";
  slugs: Partial<Record<Lang, string>>;
  /** In these languages the page has no route of its own and stands for another page. */
  sameAs?: Partial<Record<Lang, string>>;
  parent?: string;
  /** The page module of this page's detail pages, at {path}/{uri}/{id}. */
  detail?: string;
  /** The detail route's pattern under the page's path when it is not ":uri/:id" (doctors: ":slug"). */
  detailPattern?: ":uri/:id" | ":slug";
  /** The page module of items nested in a detail page, at {path}/{uri}/{id}/{subUri}/{subId}. */
  subDetail?: string;
}

export interface MenuEntry {
  kind?: "link" | "group" | "treatments";
  page?: string;
  label?: string;
  langs?: Lang[];
  items?: MenuEntry[];
}

export const languages = table.languages.map((l) => l.code as Lang);
export const defaultLanguage = table.defaultLanguage as Lang;
export const pages = table.pages as PageDef[];

const pagesByName = new Map(pages.map((p) => [p.name, p]));
const nativeNames = new Map(table.languages.map((l) => [l.code, l.nativeName]));
const rtl = new Set(table.languages.filter((l) => l.dir === "rtl").map((l) => l.code));

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (languages as string[]).includes(value);
}

export function textDirection(lang: Lang): "ltr" | "rtl" {
  return rtl.has(lang) ? "rtl" : "ltr";
}

export function nativeLanguageName(lang: Lang): string {
  return nativeNames.get(lang) ?? lang;
}

export function getPage(name: string): PageDef | undefined {
  return pagesByName.get(name);
}

/** The path of the page's own route in a language, or null where it has none. */
export function ownPath(page: PageDef, lang: Lang): string | null {
  const slug = page.slugs[lang];
  if (slug === undefined) return null;
  return slug ? `/${lang}/${slug}` : `/${lang}`;
}

/** Where a link to the page leads in a language: its own route, or the page it stands for there. */
export function pathFor(name: string, lang: Lang): string | null {
  const page = pagesByName.get(name);
  if (!page) return null;
  const own = ownPath(page, lang);
  if (own) return own;
  const target = page.sameAs?.[lang];
  return target ? pathFor(target, lang) : null;
}

const routesByPath = new Map<string, { page: PageDef; lang: Lang }>();
for (const page of pages) {
  for (const lang of languages) {
    const path = ownPath(page, lang);
    if (path) routesByPath.set(path, { page, lang });
  }
}

function decodePath(pathname: string): string | null {
  try {
    const decoded = decodeURIComponent(pathname);
    return decoded.length > 1 ? decoded.replace(/\/+$/, "") : decoded;
  } catch {
    return null;
  }
}

/** Reverse lookup: generated routes get no params and no id in loaders, so the pathname names the page. */
export function lookupPath(pathname: string): { page: PageDef; lang: Lang } | null {
  const path = decodePath(pathname);
  return path === null ? null : (routesByPath.get(path) ?? null);
}

/** A detail page's path: /{lang}/{base}/{uri}/{id}. */
export function detailPath(name: string, lang: Lang, uri: string, id: number): string | null {
  const page = pagesByName.get(name);
  const base = page && ownPath(page, lang);
  return base ? `${base}/${uri}/${id}` : null;
}

/** Reverse lookup of a detail path: the base page, language, uri and id. */
export function lookupDetail(pathname: string): { page: PageDef; lang: Lang; uri: string; id: number } | null {
  const path = decodePath(pathname);
  const match = path?.match(/^(.*)\/([^/]+)\/(\d+)$/);
  if (!match) return null;
  const base = routesByPath.get(match[1]);
  if (!base?.page.detail || (base.page.detailPattern ?? ":uri/:id") !== ":uri/:id") return null;
  return { ...base, uri: match[2], id: Number(match[3]) };
}

/** The path of a slug-based detail page: /{lang}/{base}/{slug}. */
export function slugDetailPath(name: string, lang: Lang, slug: string): string | null {
  const page = pagesByName.get(name);
  const base = page?.detailPattern === ":slug" ? ownPath(page, lang) : null;
  return base ? `${base}/${slug}` : null;
}

/** Reverse lookup of a slug-based detail path: the base page, language and slug. */
export function lookupSlugDetail(pathname: string): { page: PageDef; lang: Lang; slug: string } | null {
  const path = decodePath(pathname);
  const match = path?.match(/^(.*)\/([^/]+)$/);
  const base = match ? routesByPath.get(match[1]) : undefined;
  if (!match || !base?.page.detail || base.page.detailPattern !== ":slug") return null;
  return { ...base, slug: match[2] };
}

/** The table page a detail path sits under, whichever its pattern. */
function detailBase(pathname: string): PageDef | null {
  return lookupDetail(pathname)?.page ?? lookupSlugDetail(pathname)?.page ?? lookupSubDetail(pathname)?.page ?? null;
}

/** A nested item's path: /{lang}/{base}/{uri}/{id}/{subUri}/{subId} (a sub-treatment under its treatment). */
export function subDetailPath(
  name: string,
  lang: Lang,
  parent: { uri: string; id: number },
  item: { uri: string; id: number },
): string | null {
  const page = pagesByName.get(name);
  if (!page?.subDetail) return null;
  const base = detailPath(name, lang, parent.uri, parent.id);
  return base ? `${base}/${item.uri}/${item.id}` : null;
}

/** Reverse lookup of a nested item's path: the base page, language, the parent's uri and id, the item's uri and id. */
export function lookupSubDetail(pathname: string): {
  page: PageDef;
  lang: Lang;
  parent: { uri: string; id: number };
  uri: string;
  id: number;
} | null {
  const path = decodePath(pathname);
  const match = path?.match(/^(.*)\/([^/]+)\/(\d+)\/([^/]+)\/(\d+)$/);
  if (!match) return null;
  const base = routesByPath.get(match[1]);
  if (!base?.page.subDetail) return null;
  return { ...base, parent: { uri: match[2], id: Number(match[3]) }, uri: match[4], id: Number(match[5]) };
}

/**
 * Where an item of a list page leads: its detail page where the table gives the page one,
 * otherwise the list itself (so a teaser never links to a route that does not exist).
 */
export function itemPath(name: string, lang: Lang, uri: string, id: number): string | null {
  const page = pagesByName.get(name);
  if (!page) return null;
  return page.detail ? detailPath(name, lang, uri, id) : pathFor(name, lang);
}

export function languageOfPath(pathname: string): Lang | null {
  const first = pathname.split("/")[1];
  return isLang(first) ? first : null;
}

/** Every (page, language) pair that has a route of its own. */
export function allRoutes(): { page: PageDef; lang: Lang; path: string }[] {
  return [...routesByPath.entries()].map(([path, r]) => ({ ...r, path }));
}

/** Exact equivalents only: the languages where this page has its own route (hreflang). */
export function equivalents(page: PageDef): { lang: Lang; path: string }[] {
  return languages.flatMap((lang) => {
    const path = ownPath(page, lang);
    return path ? [{ lang, path }] : [];
  });
}

export type LanguagePaths = Partial<Record<Lang, string>>;

/**
 * The language switcher's targets: the route table first, then the page's own
 * per-language paths (detail pages), then, for a detail page, where its list page
 * leads in that language (tr doctors: get-an-offer), then the language's root.
 */
export function switcherTargets(pathname: string, pagePaths: LanguagePaths = {}): Record<Lang, string> {
  const current = lookupPath(pathname);
  const base = current ? null : detailBase(pathname);
  const targets = {} as Record<Lang, string>;
  for (const lang of languages) {
    targets[lang] =
      (current && pathFor(current.page.name, lang)) ??
      pagePaths[lang] ??
      (base && pathFor(base.name, lang)) ??
      `/${lang}`;
  }
  return targets;
}

export function childPages(parent: string, lang: Lang): PageDef[] {
  return pages.filter((p) => p.parent === parent && ownPath(p, lang) !== null);
}

export type ResolvedMenuItem =
  | { kind: "link"; page: string; path: string; label: string }
  | { kind: "treatments"; page: string; path: string; label: string }
  | { kind: "group"; label: string; items: ResolvedMenuItem[] };

function resolveEntry(entry: MenuEntry, lang: Lang): ResolvedMenuItem | null {
  if (entry.langs && !entry.langs.includes(lang)) return null;
  if (entry.kind === "group") {
    const items = (entry.items ?? []).flatMap((e) => resolveEntry(e, lang) ?? []);
    return items.length ? { kind: "group", label: entry.label ?? "", items } : null;
  }
  const page = entry.page ? pagesByName.get(entry.page) : undefined;
  if (!page) return null;
  // A menu names pages, not aliases: where a page has no route of its own it is left out.
  const path = ownPath(page, lang);
  if (!path) return null;
  const kind = entry.kind === "treatments" ? "treatments" : "link";
  return { kind, page: page.name, path, label: entry.label ?? page.pageTitle };
}

export function menu(name: "header" | "footer", lang: Lang): ResolvedMenuItem[] {
  const entries = (table.menus as Record<string, MenuEntry[]>)[name] ?? [];
  return entries.flatMap((e) => resolveEntry(e, lang) ?? []);
}

/** A section's pages (the section and its sub-pages), listed on each of them; empty for a page without one. */
export function sectionLinks(page: PageDef, lang: Lang): { name: string; path: string; current: boolean }[] {
  const sectionName = page.parent ?? page.name;
  const siblings = childPages(sectionName, lang);
  if (!siblings.length) return [];
  return [getPage(sectionName), ...siblings].flatMap((p) => {
    const path = p && ownPath(p, lang);
    return path ? [{ name: p.name, path, current: p.name === page.name }] : [];
  });
}
