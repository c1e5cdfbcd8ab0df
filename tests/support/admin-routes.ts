import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** A back-office route as the production build defines it. */
export interface AdminRoute {
  id: string;
  /** The whole path, with its parents' (`/admin/leads/:id`). */
  path: string;
  loader: boolean;
  action: boolean;
}

interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  module: { loader?: unknown; action?: unknown };
}

/**
 * Every route of the back office (ids "admin" and "admin.…") read from the server build itself
 * (build/index.js's `routes`), so a route added later is walked without anyone listing it.
 */
export async function adminRoutes(): Promise<AdminRoute[]> {
  const build = (await import(pathToFileURL(resolve("build/index.js")).href)) as { routes: Record<string, BuildRoute> };
  const pathOf = (id: string): string => {
    const route = build.routes[id];
    const parent = route.parentId && route.parentId !== "root" ? pathOf(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.values(build.routes)
    .filter((route) => route.id === "admin" || route.id.startsWith("admin."))
    .map((route) => ({
      id: route.id,
      path: `/${pathOf(route.id)}`,
      loader: typeof route.module.loader === "function",
      action: typeof route.module.action === "function",
    }));
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
const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

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
