import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { CONTENT_KINDS } from "../../app/lib/api/content-contract";

/**
 * The site's routes as the production build has them, whatever made them (the route table, the
 * back office's pages, the resource routes, and any source of routes added later): tests that must
 * cover the whole surface read it here instead of listing paths by hand.
 */
export interface SurfaceRoute {
  id: string;
  /** The route's path pattern from the root, e.g. `/admin/content/:kind/:id`. */
  pattern: string;
  /** A URL that the pattern matches, its parameters filled with plausible values. */
  url: string;
  /** The browser module the route is built from: routes that share one file share it (one per page in every language). */
  file: string;
  hasAction: boolean;
  hasLoader: boolean;
}

/** Plausible values for the parameters the routes use; any other parameter gets "1". */
const PARAMETER_VALUES: Record<string, string> = { kind: CONTENT_KINDS[0], lang: "en", id: "1", versionId: "1" };

function patternOf(routes: ServerBuild["routes"], id: string): string {
  const route = routes[id];
  const own = route.path ?? "";
  const parent = route.parentId ? patternOf(routes, route.parentId) : "";
  return [parent.replace(/\/$/, ""), own].filter(Boolean).join("/").replace(/^(?!\/)/, "/");
}

const fill = (pattern: string) =>
  pattern
    .split("/")
    .map((segment) => (segment === "*" ? "x" : segment.startsWith(":") ? (PARAMETER_VALUES[segment.slice(1).replace(/\?$/, "")] ?? "1") : segment))
    .map(encodeURIComponent)
    .join("/");

/** Every route of the build in `buildDir` (which must have been built: `npm run build`). */
export async function routeSurface(buildDir = "build"): Promise<SurfaceRoute[]> {
  const build = (await import(pathToFileURL(`${process.cwd()}/${buildDir}/index.js`).href)) as ServerBuild;
  return Object.values(build.routes).map((route) => {
    const pattern = patternOf(build.routes, route.id);
    return {
      id: route.id,
      pattern,
      url: fill(pattern),
      file: build.assets.routes[route.id].module,
      hasAction: typeof route.module.action === "function",
      hasLoader: typeof route.module.loader === "function",
    };
  });
}

/** One route per file, for tests that cover a behaviour once per route module rather than once per language. */
export function onePerFile(routes: SurfaceRoute[]): SurfaceRoute[] {
  const seen = new Map<string, SurfaceRoute>();
  for (const route of routes) if (!seen.has(route.file)) seen.set(route.file, route);
  return [...seen.values()];
}
