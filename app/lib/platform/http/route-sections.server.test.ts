import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
// The function remix.config.js is handed, without the rest of the compiler (1 s to load).
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import config from "../../../../remix.config.js";
import { routeSections, sectionOf } from "~/lib/platform/http/route-sections.server";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** The site's routes as the compiler gives them to the server build: under the root, by id. */
function siteRoutes(): ServerBuild["routes"] {
  const defined = config.routes!(defineRoutes as never) as Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }
  >;
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const route of Object.values(defined)) routes[route.id] = { ...route, parentId: route.parentId ?? "root", module: {} };
  return routes as ServerBuild["routes"];
}

function tree(routes: ServerBuild["routes"], ids: Set<string> | null, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId && (!ids || ids.has(route.id)))
    .map(
      (route) =>
        ({
          id: route.id,
          path: route.path,
          index: route.index,
          caseSensitive: route.caseSensitive,
          children: route.index ? undefined : tree(routes, ids, route.id),
        }) as RouteObject,
    );
}

const matchedIds = (routes: RouteObject[], pathname: string) => matchRoutes(routes, pathname)?.map((m) => m.route.id) ?? null;

/** A URL for each route: its pattern with every parameter filled in, and a little beyond it. */
function samplePaths(routes: ServerBuild["routes"]): string[] {
  const full = (id: string): string => {
    const route = routes[id];
    const own = route.path ?? "";
    return route.parentId ? [full(route.parentId), own].filter(Boolean).join("/") : own;
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    const pattern = full(id).replace(/:\w+/g, "7").replace(/\*$/, "no-such-page");
    paths.add(`/${pattern}`);
    paths.add(`/${pattern}/extra`);
    paths.add(`/${pattern.toUpperCase()}`);
  }
  return [...paths];
}

/** Every sample URL matches the same routes through its group as through the whole list. */
function expectSameMatches(routes: ServerBuild["routes"], paths: string[]) {
  const sections = routeSections(routes);
  const whole = tree(routes, null);
  for (const path of paths) {
    const pathname = path.replace(/\.data$/, "");
    const ids = sectionOf(sections, path);
    expect(matchedIds(ids ? tree(routes, ids) : whole, pathname), path).toEqual(matchedIds(whole, pathname));
  }
}

/** URLs no route's pattern gives: other spellings, encodings and depths. */
const ODD_PATHS = [
  "/",
  "/__manifest",
  "/_root.data",
  "/en.data",
  "/en/",
  "/en/contact.data",
  "/EN/contact",
  "/%65n/contact",
  "/en/%63ontact",
  "/en/%E0%A4%A",
  "/en//contact",
  "/en/nope",
  "/en/nope/deeper",
  "/admin",
  "/admin/",
  "/admin/Leads",
  "/admin/no-such-page",
  "/consent",
  "/nope",
  "/nope/x",
];

describe("routes grouped by the first two segments of their URLs", () => {
  const routes = siteRoutes();
  const sections = routeSections(routes);

  test("a page's URL is matched against a handful of routes, not all of them", () => {
    const total = Object.keys(routes).length;
    expect(total).toBeGreaterThan(150);
    for (const path of ["/en", "/tr/tedaviler/hair-transplant/1", "/ar/contact.data", "/admin/leads/7", "/admin", "/en/nope"]) {
      const ids = sectionOf(sections, path);
      // A tenth of the table at most: /admin/leads/… now holds the inbox, a lead, its photo, the board,
      // hand entry, bulk and both exports (#41), still far from every route.
      expect(ids?.size, path).toBeLessThanOrEqual(Math.ceil(total / 10));
      // The root and the 404 page answer under every group.
      expect([...ids!], path).toEqual(expect.arrayContaining(["root", "not-found"]));
    }
    expect(sectionOf(sections, "/")).toBeNull();
    expect(sectionOf(sections, "/__manifest")).toBeNull();
  });

  // The router warns about the malformed URL among ODD_PATHS.
  beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => undefined));
  afterAll(() => vi.restoreAllMocks());

  test("any URL matches the same routes through its group as through the whole list", () => {
    const paths = samplePaths(routes);
    expect(paths.length).toBeGreaterThan(500);
    expectSameMatches(routes, [...paths, ...paths.map((path) => encodeURI(path)), ...ODD_PATHS]);
  });

  test("routes with parameters, splats, optional segments or letters beyond ASCII up front are in every group they could match", () => {
    const extra = {
      lang: { id: "lang", parentId: "root", path: ":lang/contact" },
      splat: { id: "splat", parentId: "root", path: "en/*" },
      optional: { id: "optional", parentId: "root", path: "docs?/guide" },
      caps: { id: "caps", parentId: "root", path: "Zz/Caps" },
      sigma: { id: "sigma", parentId: "root", path: "σίγμα/x" },
      // Final sigma: a case-blind regular expression takes "ς" for "σ", toLowerCase does not.
      finalSigma: { id: "finalSigma", parentId: "root", path: "en/σίγμας" },
      deep: { id: "deep", parentId: "root", path: "en/:any/deep" },
    };
    const augmented = {
      ...routes,
      ...Object.fromEntries(Object.entries(extra).map(([id, route]) => [id, { ...route, module: {} }])),
    } as unknown as ServerBuild["routes"];
    const paths = [
      "/fr/contact",
      "/tr/contact",
      "/admin/contact",
      "/xx/contact",
      "/en/σίγμασ",
      encodeURI("/en/σίγμασ"),
      "/en/x/y",
      "/en",
      "/guide",
      "/docs/guide",
      "/zz/caps",
      "/ZZ/CAPS",
      "/σίγμα/x",
      "/ΣΊΓΜΑ/x",
      "/en/what/deep",
      "/en/contact/deep",
    ];
    expectSameMatches(augmented, [...paths, ...samplePaths(augmented), ...ODD_PATHS]);
  });
});
