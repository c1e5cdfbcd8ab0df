import { createRequestHandler, type ServerBuild } from "@remix-run/node";

/*
 * Remix 2 matches a URL by flattening, ranking and compiling the whole route list, with no cache,
 * about four times per page it renders, and rebuilds the route tree for each render (ADR 011). With
 * a route per (page, language) that list is 186 routes, and matching was over a quarter of a
 * render's CPU. A URL's first two segments already rule out almost all of them: `/tr/tedaviler/…`
 * can only be a Turkish treatments page, the 404 page or the root. So each such beginning gets a
 * Remix request handler over the routes that could match it, and any other URL (`/`,
 * `/__manifest`, `/_root.data`, a first segment no route has) goes to the handler of the whole
 * build. ADR 020.
 */

type Handle = ReturnType<typeof createRequestHandler>;

/** A second segment that is none of the fixed ones the routes under a first segment have. */
const OTHER = "\0other";

interface Segment {
  text: string;
  caseSensitive: boolean;
}

/** A route's path from the root, in segments, each with its own route's case sensitivity. */
function segmentsOf(routes: ServerBuild["routes"], id: string): Segment[] {
  const route = routes[id];
  const own = (route.path ?? "")
    .split("/")
    .filter(Boolean)
    .map((text) => ({ text, caseSensitive: route.caseSensitive === true }));
  return route.parentId ? [...segmentsOf(routes, route.parentId), ...own] : own;
}

/**
 * What a route's segment must be, lower-cased; null when it could be any segment: a parameter,
 * a splat, an optional segment, or letters beyond ASCII compared without case (a regular
 * expression's case folding is not `toLowerCase`'s there).
 */
function fixedText({ text, caseSensitive }: Segment): string | null {
  if (/[:*?]/.test(text) || (!caseSensitive && /[^\x20-\x7e]/.test(text))) return null;
  return text.toLowerCase();
}

/**
 * Whether a route, as the deepest route of a match, could match a URL that begins with `key`
 * (lower-cased; "" where the URL has no more segments, OTHER for a segment no route names). Only
 * `false` is certain, so a group may hold a route too many, never one too few.
 */
function couldMatch(segments: Segment[], key: string[]): boolean {
  for (const [i, wanted] of key.entries()) {
    const segment = segments[i];
    // The route's path ends here: so must the URL's.
    if (!segment) return wanted === "";
    // A splat takes any rest; optional segments shift what follows: not worked out here.
    if (segment.text.includes("*") || segment.text.includes("?")) return true;
    if (wanted === "") return false;
    const fixed = fixedText(segment);
    if (fixed !== null && fixed !== wanted) return false;
  }
  return true;
}

interface Section {
  /** Route ids by the URL's second segment, lower-cased. */
  bySecond: Map<string, Set<string>>;
  /** The URL has no second segment. */
  end: Set<string>;
  /** Its second segment is none that `bySecond` knows. */
  other: Set<string>;
}

/**
 * The build's routes grouped by the first two segments of the URLs they could match. Each group
 * holds every route that can match such a URL (with its parents, up to the root), so the match over
 * it is the match over the whole build.
 */
export function routeSections(routes: ServerBuild["routes"]): Map<string, Section> {
  const paths = new Map(Object.keys(routes).map((id) => [id, segmentsOf(routes, id)]));
  const groupFor = (key: string[]) => {
    const ids = new Set<string>();
    for (const [id, segments] of paths) {
      if (!couldMatch(segments, key)) continue;
      for (let at: string | undefined = id; at !== undefined && !ids.has(at); at = routes[at].parentId) ids.add(at);
    }
    return ids;
  };
  /** The fixed texts at position i, of every route whose first segment could be `first`. */
  const fixedAt = (i: number, first?: string) => {
    const found = new Set<string>();
    for (const segments of paths.values()) {
      const own = segments[0] && fixedText(segments[0]);
      if (first !== undefined && own && own !== first) continue;
      const text = segments[i] && fixedText(segments[i]);
      if (text) found.add(text);
    }
    return found;
  };
  const sections = new Map<string, Section>();
  for (const first of fixedAt(0)) {
    const bySecond = new Map([...fixedAt(1, first)].map((second) => [second, groupFor([first, second])]));
    sections.set(first, { bySecond, end: groupFor([first, ""]), other: groupFor([first, OTHER]) });
  }
  return sections;
}

/**
 * The routes a request path can match, from its first two segments as the router reads them
 * (decoded, `/` kept encoded); null when only the whole list will do.
 */
export function sectionOf(sections: Map<string, Section>, pathname: string): Set<string> | null {
  // A single-fetch data URL counts as its page's path.
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  // Empty segments in the middle are left to the whole list rather than reasoned about.
  if (path.includes("//")) return null;
  const [, first = "", second = ""] = path.split("/");
  const section = first.includes("%") ? undefined : sections.get(first.toLowerCase());
  if (!section) return null;
  if (second === "") return section.end;
  let decoded: string;
  try {
    decoded = decodeURIComponent(second).replace(/\//g, "%2F").toLowerCase();
  } catch {
    return null;
  }
  return section.bySecond.get(decoded) ?? section.other;
}

const pick = <T>(all: Record<string, T>, ids: Set<string>) => Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id)));

/** The build with only the given routes, on the server (`routes`) and in what the browser is told (`assets.routes`). */
function buildWith(build: ServerBuild, ids: Set<string>): ServerBuild {
  return { ...build, routes: pick(build.routes, ids), assets: { ...build.assets, routes: pick(build.assets.routes, ids) } };
}

/** Remix's request handler for a path: the one over the routes it could match, else the whole build's. */
export function sectionedRequestHandler(build: ServerBuild): (pathname: string) => Handle {
  const whole = createRequestHandler(build, build.mode);
  const sections = routeSections(build.routes);
  const handlers = new Map<Set<string>, Handle>();
  for (const section of sections.values()) {
    for (const ids of [...section.bySecond.values(), section.end, section.other]) handlers.set(ids, createRequestHandler(buildWith(build, ids), build.mode));
  }
  return (pathname) => {
    const ids = sectionOf(sections, pathname);
    return (ids && handlers.get(ids)) ?? whole;
  };
}
