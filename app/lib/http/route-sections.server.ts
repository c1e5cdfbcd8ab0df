import { createRequestHandler, type ServerBuild } from "@remix-run/node";

/*
 * Remix 2 matches a URL by flattening, ranking and compiling the whole route list, with no cache,
 * about four times per page it renders (ADR 011). With a route per (page, language) that list is
 * 186 routes, and matching was over a quarter of a render's CPU. A URL's first segment already
 * rules out most of them: `/tr/…` can only be a Turkish page, the 404 page or the root. So each
 * first segment that some routes begin with gets a request handler of its own, over those routes
 * alone; any other URL (`/`, `/__manifest`, `/_root.data`) goes to the handler of the whole build.
 * ADR 020.
 */

type Handle = ReturnType<typeof createRequestHandler>;

/**
 * The fixed first segment of a route's path, lower-cased (a route that is not case-sensitive
 * matches it in any case); null when the route could match a URL beginning with anything: an
 * index route, a pathless layout, a parameter, a splat, an optional segment.
 */
export function fixedFirstSegment(path: string | undefined): string | null {
  const first = (path ?? "").split("/")[0].toLowerCase();
  return first && !/[:*?]/.test(first) ? first : null;
}

/** The first segment of a request's path, lower-cased; a single-fetch data URL counts as its page's. */
export function requestSection(pathname: string): string {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path.split("/")[1]?.toLowerCase() ?? "";
}

/**
 * The build's routes grouped by the fixed first segment of their top-level ancestor. Routes that
 * could match anything (and the root) belong to every group, so a group holds every route that
 * can match a URL beginning with its segment: the match over it is the match over the whole build.
 */
export function routeSections(routes: ServerBuild["routes"]): Map<string, Set<string>> {
  const rootIds = Object.values(routes)
    .filter((route) => !route.parentId)
    .map((route) => route.id);
  const sectionOf = new Map<string, string | null>();
  const section = (id: string): string | null => {
    if (sectionOf.has(id)) return sectionOf.get(id) ?? null;
    const route = routes[id];
    const parent = route.parentId;
    const own = parent === undefined ? null : rootIds.includes(parent) ? fixedFirstSegment(route.path) : section(parent);
    sectionOf.set(id, own);
    return own;
  };
  const everywhere: string[] = [];
  const sections = new Map<string, Set<string>>();
  for (const id of Object.keys(routes)) {
    const key = section(id);
    if (key === null) everywhere.push(id);
    else sections.set(key, (sections.get(key) ?? new Set()).add(id));
  }
  for (const ids of sections.values()) for (const id of everywhere) ids.add(id);
  return sections;
}

const pick = <T>(all: Record<string, T>, ids: Set<string>) => Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id)));

/** The build with only the given routes, on the server (`routes`) and in what the browser is told (`assets.routes`). */
function buildWith(build: ServerBuild, ids: Set<string>): ServerBuild {
  return { ...build, routes: pick(build.routes, ids), assets: { ...build.assets, routes: pick(build.assets.routes, ids) } };
}

/** Remix's request handler for a path: the one over its first segment's routes, else the whole build's. */
export function sectionedRequestHandler(build: ServerBuild): (pathname: string) => Handle {
  const whole = createRequestHandler(build, build.mode);
  const handlers = new Map<string, Handle>();
  for (const [key, ids] of routeSections(build.routes)) handlers.set(key, createRequestHandler(buildWith(build, ids), build.mode));
  return (pathname) => handlers.get(requestSection(pathname)) ?? whole;
}
