import { generatePath, matchPath } from "@remix-run/react";
import { routeDefinitions, type RouteDef } from "~/route-patterns";
import table from "~/route-table.json";

export type Lang = "en" | "tr" | "ru" | "fr" | "ar";

export interface PageDef {
  name: string;
  module: string;
  pageTitle: string;
  pageTitleAlign: "start" | "center";
  slugs: Partial<Record<Lang, string>>;
  /** In these languages the page has no route of its own, and this page stands in for it (links, switcher). */
  standIns?: Partial<Record<Lang, string>>;
  parent?: string;
  /** The page module of this page's detail pages, at {path}/{uri}/{id}. */
  detail?: string;
  /** The detail route's pattern under the page's path when it is not ":uri/:id" (doctors: ":slug"). */
  detailPattern?: ":uri/:id" | ":slug";
  /** The page module of items nested in a detail page, at {path}/{uri}/{id}/{subUri}/{subId}. */
  subDetail?: string;
  /** The country a form on this page starts at, for residence and dial code (a newsletter for Gabon); Türkiye when absent. */
  formCountry?: string;
  /** The page's text is also offered as a file to keep, at its path with `.txt`, each download counted (ADR 052). */
  document?: boolean;
  /**
   * The page exists in a language only while it has items there (the bulletins' archive, ADR 060):
   * elsewhere it answers 404 and is left out of the sitemap, hreflang, menus and the switcher.
   */
  onlyWithItems?: boolean;
}

export interface MenuEntry {
  kind?: "link" | "group" | "treatments";
  page?: string;
  label?: string;
  langs?: Lang[];
  items?: MenuEntry[];
}

export type { RouteDef };

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

/** The routes Remix was given (remix.config.js walks the same list). */
export const routes = routeDefinitions(table);
const routesById = new Map(routes.map((r) => [r.id, r]));
/** A route by its kind, page and language: what links are built from. */
const routeKey = (kind: RouteDef["kind"], page: string, lang: string) => `${kind}:${page}:${lang}`;
const routesByKey = new Map(routes.flatMap((r) => (r.page && r.lang ? [[routeKey(r.kind, r.page, r.lang), r] as const] : [])));
const pattern = (route: RouteDef) => `/${route.path}`;

function routeById(id: string | undefined): RouteDef | undefined {
  return id === undefined ? undefined : routesById.get(id);
}

function routeOf(kind: RouteDef["kind"], name: string, lang: Lang): RouteDef | undefined {
  return routesByKey.get(routeKey(kind, name, lang));
}

/** The table page a route id is the page route of (`career.en`), if it is one: not a detail, not outside the table. */
export function pageOfRoute(id: string | undefined): { page: PageDef; lang: Lang } | null {
  const route = routeById(id);
  return route?.kind === "page" && route.page && isLang(route.lang) ? { page: pagesByName.get(route.page)!, lang: route.lang } : null;
}

/** The path of the page's own route in a language, or null where it has none. */
export function ownPath(page: PageDef, lang: Lang): string | null {
  const route = routeOf("page", page.name, lang);
  return route ? generatePath(pattern(route)) : null;
}

/**
 * The path of the page's text as a file (ADR 052) in a language, or null where the page offers none
 * there; as "pdf", the path of the PDF the owner uploaded in its place (ADR 061).
 */
export function documentPath(page: PageDef, lang: Lang, type: "txt" | "pdf" = "txt"): string | null {
  // Both files' routes are the page's documents: the key names one of them, the type says which.
  const route = routeOf("document", page.name, lang);
  return route ? generatePath(pattern(route)).replace(/\.(txt|pdf)$/, `.${type}`) : null;
}

/** The table page and language a document's path serves, by exact lookup (what Remix matched); null for any other path. */
export function documentAt(path: string): { page: PageDef; lang: Lang } | null {
  const route = staticRouteAt(path);
  return route?.kind === "document" && isLang(route.lang) ? { page: pagesByName.get(route.page!)!, lang: route.lang } : null;
}

/** Where a link to the page leads in a language: its own route, or the page that stands in for it there. */
export function pathFor(name: string, lang: Lang): string | null {
  const page = pagesByName.get(name);
  if (!page) return null;
  const own = ownPath(page, lang);
  if (own) return own;
  const standIn = page.standIns?.[lang];
  return standIn ? pathFor(standIn, lang) : null;
}

/** A detail page's path: /{lang}/{base}/{uri}/{id}. */
export function detailPath(name: string, lang: Lang, uri: string, id: number): string | null {
  const route = routeOf("detail", name, lang);
  return route ? generatePath(pattern(route), { uri, id: String(id) }) : null;
}

/** The path of a slug-based detail page: /{lang}/{base}/{slug}. */
export function slugDetailPath(name: string, lang: Lang, slug: string): string | null {
  const route = routeOf("slug-detail", name, lang);
  return route ? generatePath(pattern(route), { slug }) : null;
}

/** A nested item's path: /{lang}/{base}/{uri}/{id}/{subUri}/{subId} (a sub-treatment under its treatment). */
export function subDetailPath(name: string, lang: Lang, parent: { uri: string; id: number }, item: { uri: string; id: number }): string | null {
  const route = routeOf("sub-detail", name, lang);
  const params = { uri: parent.uri, id: String(parent.id), subUri: item.uri, subId: String(item.id) };
  return route ? generatePath(pattern(route), params) : null;
}

/**
 * Where an item of a list page leads: its detail page where the table gives the page one,
 * otherwise the list itself (so a teaser never links to a route that does not exist).
 */
export function itemPath(name: string, lang: Lang, uri: string, id: number): string | null {
  return detailPath(name, lang, uri, id) ?? pathFor(name, lang);
}

/** The language a path begins with: every page route's first segment is its language. */
export function languageOfPath(pathname: string): Lang | null {
  const first = pathname.split("/")[1];
  return isLang(first) ? first : null;
}

/** Static routes by their path: a page served by a module shared by several pages is found here. */
const staticRoutes = new Map(routes.filter((r) => r.page && !r.path.includes(":")).map((r) => [pattern(r), r]));
/** Routes with params, under the static path they begin with (`/en/treatments`), so a lookup tries only those. */
const dynamicRoutes = new Map<string, RouteDef[]>();
for (const route of routes) {
  if (!route.page || !route.path.includes(":")) continue;
  const base = pattern(route).slice(0, pattern(route).indexOf("/:"));
  dynamicRoutes.set(base, [...(dynamicRoutes.get(base) ?? []), route]);
}

/** The table page served at a decoded path, by exact lookup (what Remix matched, case included). */
export function staticRouteAt(path: string): RouteDef | undefined {
  return staticRoutes.get(path.length > 1 ? path.replace(/\/+$/, "") : path);
}

/**
 * Reverse lookup for code that runs outside a route (metrics, the body limit): the table's route for a
 * decoded path, with its params, matched by react-router's own matchPath on the route's pattern.
 */
export function routeAt(path: string): { route: RouteDef; params: Record<string, string | undefined> } | null {
  const fixed = staticRouteAt(path);
  if (fixed) return { route: fixed, params: {} };
  for (const [base, candidates] of dynamicRoutes) {
    if (!path.startsWith(`${base}/`)) continue;
    for (const route of candidates) {
      const match = matchPath({ path: pattern(route), caseSensitive: true, end: true }, path);
      if (match) return { route, params: match.params };
    }
  }
  return null;
}

/** A path as it arrives (percent-encoded), decoded; null when it does not decode (no route has it). */
export function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** routeAt for a path as it arrives (percent-encoded); a path that does not decode is no route. */
export function routeAtUrlPath(pathname: string): ReturnType<typeof routeAt> {
  const path = decodePath(pathname);
  return path === null ? null : routeAt(path);
}

/** Every (page, language) pair that has a route of its own. */
export function allRoutes(): { page: PageDef; lang: Lang; path: string }[] {
  return routes.flatMap((r) => (r.kind === "page" ? [{ page: pagesByName.get(r.page!)!, lang: r.lang as Lang, path: pattern(r) }] : []));
}

/** Exact equivalents only: the languages where this page has its own route (hreflang). */
export function equivalents(page: PageDef): { lang: Lang; path: string }[] {
  return languages.flatMap((lang) => {
    const path = ownPath(page, lang);
    return path ? [{ lang, path }] : [];
  });
}

export type LanguagePaths = Partial<Record<Lang, string>>;

/** The page's own path in each language it has one: its hreflang alternates. */
export function ownPaths(page: PageDef): LanguagePaths {
  return Object.fromEntries(equivalents(page).map(({ lang, path }) => [lang, path]));
}

/**
 * The language switcher's targets, from the route Remix matched: a table page's own path (or its
 * stand-in) in each language; for a detail page its own per-language paths, else where its list
 * page leads in that language (tr doctors: get-an-offer); else the language's root.
 */
export function switcherTargets(routeId: string | undefined, pagePaths: LanguagePaths = {}): Record<Lang, string> {
  const route = routeById(routeId);
  // A page that exists only with items (ADR 060) leads only where its loader found some: elsewhere, to the language's root.
  const table = route?.page && !pagesByName.get(route.page)?.onlyWithItems ? route.page : null;
  const page = route?.kind === "page" ? table : null;
  const base = route?.kind !== "page" ? table : null;
  const targets = {} as Record<Lang, string>;
  for (const lang of languages) {
    targets[lang] = (page && pathFor(page, lang)) ?? pagePaths[lang] ?? (base && pathFor(base, lang)) ?? `/${lang}`;
  }
  return targets;
}

export function childPages(parent: string, lang: Lang): PageDef[] {
  return pages.filter((p) => p.parent === parent && ownPath(p, lang) !== null);
}

/**
 * A menu entry ready to render. `label` is a translation key unless `plain` (a label staff typed,
 * shown as text); an external link's label is always plain (ADR 062).
 */
export type ResolvedMenuItem =
  | { kind: "link"; page: string; path: string; label: string; plain?: boolean }
  | { kind: "treatments"; page: string; path: string; label: string; plain?: boolean }
  | { kind: "external"; url: string; label: string; rel: string; newTab: boolean }
  | { kind: "group"; label: string; plain?: boolean; items: ResolvedMenuItem[] };

/** A React key for an entry: unique within its list. */
export const menuItemKey = (item: ResolvedMenuItem) =>
  item.kind === "group" ? `g:${item.label}` : item.kind === "external" ? `u:${item.url}:${item.label}` : item.page;

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

// The table does not change while the code runs: each menu is resolved once per language, not on every render.
const resolvedMenus = new Map<string, ResolvedMenuItem[]>();

/**
 * The route table's default menu of a language: what shows while the language has no published menu
 * (ADR 062). A page that exists only with items (ADR 060) is in it only where the root's loader found
 * some (`withItems`, its names): "About life" appears with the language's first article.
 */
export function menu(name: "header" | "footer", lang: Lang, withItems: readonly string[] = []): ResolvedMenuItem[] {
  const key = `${name}.${lang}`;
  let items = resolvedMenus.get(key);
  if (!items) {
    const entries = (table.menus as Record<string, MenuEntry[]>)[name] ?? [];
    items = entries.flatMap((e) => resolveEntry(e, lang) ?? []);
    resolvedMenus.set(key, items);
  }
  return withoutEmptyPages(items, withItems);
}

function withoutEmptyPages(items: ResolvedMenuItem[], withItems: readonly string[]): ResolvedMenuItem[] {
  return items.flatMap((item): ResolvedMenuItem[] => {
    if (item.kind === "group") {
      const kept = withoutEmptyPages(item.items, withItems);
      return kept.length ? [kept.length === item.items.length ? item : { ...item, items: kept }] : [];
    }
    if (item.kind === "external") return [item];
    return pagesByName.get(item.page)?.onlyWithItems && !withItems.includes(item.page) ? [] : [item];
  });
}

/** The label key the table gives a page in a menu (the header says "Doctors" where the page's title is longer), else its title. */
export function tableLabel(name: "header" | "footer", page: PageDef): string {
  const walk = (entries: MenuEntry[]): string | undefined => {
    for (const e of entries) {
      if (e.page === page.name && e.label) return e.label;
      const inner = e.items && walk(e.items);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk((table.menus as Record<string, MenuEntry[]>)[name] ?? []) ?? page.pageTitle;
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
