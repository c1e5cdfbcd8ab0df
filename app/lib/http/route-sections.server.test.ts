import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
// The function remix.config.js is handed, without the rest of the compiler (1 s to load).
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { describe, expect, test } from "vitest";
import config from "../../../remix.config.js";
import { fixedFirstSegment, requestSection, routeSections } from "~/lib/http/route-sections.server";

type RouteObject = Parameters<typeof matchRoutes>[0][number];

/** The site's routes as the compiler gives them to the server build: under the root, by id. */
function siteRoutes(): ServerBuild["routes"] {
  const defined = config.routes!(defineRoutes as never) as Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }>;
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const route of Object.values(defined)) routes[route.id] = { ...route, parentId: route.parentId ?? "root", module: {} };
  return routes as ServerBuild["routes"];
}

function tree(routes: ServerBuild["routes"], ids: Set<string> | null, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId && (!ids || ids.has(route.id)))
    .map((route) => ({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: route.index ? undefined : tree(routes, ids, route.id) }) as RouteObject);
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

describe("routes split by their first segment", () => {
  const routes = siteRoutes();
  const sections = routeSections(routes);
  const whole = tree(routes, null);

  test("each language and the back office gets a handler over a fraction of the routes", () => {
    const total = Object.keys(routes).length;
    for (const key of ["en", "tr", "ru", "fr", "ar", "admin"]) {
      expect(sections.get(key)?.size).toBeGreaterThan(2);
      expect(sections.get(key)!.size).toBeLessThan(total / 4);
    }
    // The root and the 404 page answer under every segment.
    for (const ids of sections.values()) expect([...ids]).toEqual(expect.arrayContaining(["root", "not-found"]));
  });

  test("any URL matches the same routes through its section as through the whole list", () => {
    const paths = [...samplePaths(routes), "/", "/__manifest", "/_root.data", "/en.data", "/ar/contact.data", "/EN/contact", "/%65n/contact", "/admin", "/admin/no-such-page", "/consent", "/en//contact", "/nope"];
    expect(paths.length).toBeGreaterThan(500);
    for (const path of paths) {
      const pathname = path.replace(/\.data$/, "");
      const ids = sections.get(requestSection(path));
      expect(matchedIds(ids ? tree(routes, ids) : whole, pathname), path).toEqual(matchedIds(whole, pathname));
    }
  });

  test("a route that could match any first segment belongs to every section", () => {
    expect(fixedFirstSegment("en/treatments/:uri/:id")).toBe("en");
    expect(fixedFirstSegment("Admin")).toBe("admin");
    for (const open of [undefined, "", "*", ":lang/contact", "en?/contact"]) expect(fixedFirstSegment(open)).toBeNull();
    const withParam = { ...routes, lang: { id: "lang", parentId: "root", path: ":lang/x", module: {} } } as unknown as ServerBuild["routes"];
    for (const ids of routeSections(withParam).values()) expect(ids.has("lang")).toBe(true);
  });

  test("a data request belongs to its page's section", () => {
    expect(requestSection("/en.data")).toBe("en");
    expect(requestSection("/tr/iletisim.data")).toBe("tr");
    expect(requestSection("/_root.data")).toBe("_root");
    expect(requestSection("/")).toBe("");
  });
});
