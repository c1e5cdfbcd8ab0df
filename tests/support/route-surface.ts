import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { CONTENT_KINDS } from "../../app/lib/platform/api/content-contract";

/**
 * The site's routes as the production build has them, whatever made them (the route table, the
 * back office's pages, the resource routes, and any source of routes added later): tests that must
 * cover the whole surface read it here instead of listing paths by hand (the hostile requests, the
 * back office's session walk).
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
  return [parent.replace(/\/$/, ""), own]
    .filter(Boolean)
    .join("/")
    .replace(/^(?!\/)/, "/");
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

/**
 * A route's path with its params filled from `values`, looked up by the segment before each param
 * (`leads/:id`, `content/:kind`, `:kind/:id`) and `*` for a splat. A param no entry names throws,
 * so a new kind of route makes the walk fail until someone says what to fill it with.
 */
export function fillParams(path: string, values: Record<string, string>): string {
  const segments = path.split("/");
  return segments
    .map((segment, i) => {
      if (segment !== "*" && !segment.startsWith(":")) return segment;
      const key = segment === "*" ? "*" : `${segments[i - 1]}/${segment}`;
      const value = values[key];
      if (value === undefined) throw new Error(`no value for ${key} in ${path}`);
      return encodeURIComponent(value);
    })
    .join("/");
}

/** A form a page posts: where to, and its hidden fields other than the CSRF token. */
export interface PostForm {
  url: string;
  fields: Record<string, string>;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];
const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The post forms of a server-rendered page, as a browser without JavaScript would send them (hidden fields only). */
export function postForms(html: string, pageUrl: string): PostForm[] {
  const forms: PostForm[] = [];
  for (const [form] of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
    const open = /<form\b[^>]*>/i.exec(form)![0];
    if ((attr(open, "method") ?? "get").toLowerCase() !== "post") continue;
    const url = new URL(unescape(attr(open, "action") ?? ""), pageUrl);
    const fields: Record<string, string> = {};
    for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(input, "name");
      if (attr(input, "type")?.toLowerCase() === "hidden" && name && name !== "csrf") fields[name] = unescape(attr(input, "value") ?? "");
    }
    forms.push({ url: url.pathname + url.search, fields });
  }
  return forms;
}
