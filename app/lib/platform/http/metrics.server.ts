import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { Metrics } from "~/lib/platform/metrics.server";
import { decodePath, languageOfPath, routeAt } from "~/lib/site/route-table";
import { pagePathOf } from "~/lib/platform/http/single-fetch";

/**
 * A route label of bounded size, never the raw path: a table page's name, its detail pages'
 * `{page}-detail` and nested items' `{page}-subdetail` (its route ids without the language).
 */
export function routeLabel(pathname: string): string {
  const path = decodePath(pathname);
  if (path === null) return "other";
  // Every table route begins with its language: assets and service paths skip the lookup.
  const route = languageOfPath(path) ? routeAt(path)?.route : undefined;
  if (route) return route.id.slice(0, route.id.lastIndexOf("."));
  const first = path.split("/")[1] ?? "";
  // Uploaded images are rendered by a route (routes/resources/media.ts), not read from disk.
  if (path.startsWith("/media/u/")) return "media";
  if (["build", "locales", "media", "images", "flags"].includes(first)) return "asset";
  if (["healthz", "readyz", "metrics", "consent", "cities", "sitemap.xml", "robots.txt"].includes(first)) return first;
  return path === "/" ? "root" : "other";
}

export function measureRequests({ httpRequestDuration }: Metrics): RequestHandler {
  return (req, res, next) => {
    const end = httpRequestDuration.startTimer({ method: req.method });
    // A client-side navigation's data counts under its page.
    res.on("finish", () => end({ route: routeLabel(pagePathOf(req.path)), status: String(res.statusCode) }));
    next();
  };
}

export function metricsEndpoint({ registry }: Metrics): RequestHandler {
  return async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  };
}

/**
 * /metrics on the site's own port: only with `Authorization: Bearer METRICS_TOKEN` (compared in
 * constant time); otherwise, and when no token is set, it does not exist (404), so the public never
 * reads the Node version or which pages fail.
 */
export function metricsWithToken(token: string | undefined, metrics: Metrics): RequestHandler {
  const endpoint = metricsEndpoint(metrics);
  const expected = token ? createHash("sha256").update(token).digest() : null;
  return (req, res, next) => {
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (!expected || !given || !timingSafeEqual(createHash("sha256").update(given).digest(), expected)) {
      return void res.status(404).type("text/plain").send("Not found");
    }
    endpoint(req, res, next);
  };
}
