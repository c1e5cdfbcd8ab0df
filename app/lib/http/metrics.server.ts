import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { httpRequestDuration, metricsRegistry } from "~/lib/metrics.server";
import { lookupDetail, lookupPath, lookupSlugDetail } from "~/lib/route-table";
import { pagePathOf } from "~/lib/single-fetch";

/** A route label of bounded size: the route table's page name, never the raw path. */
export function routeLabel(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return "other";
  }
  const page = lookupPath(path);
  if (page) return page.page.name;
  const detail = lookupDetail(path) ?? lookupSlugDetail(path);
  if (detail) return `${detail.page.name}-detail`;
  const first = path.split("/")[1] ?? "";
  if (["build", "locales", "media", "images", "flags"].includes(first)) return "asset";
  if (["healthz", "readyz", "metrics", "consent", "cities", "sitemap.xml", "robots.txt"].includes(first)) return first;
  return path === "/" ? "root" : "other";
}

export const measureRequests: RequestHandler = (req, res, next) => {
  const end = httpRequestDuration.startTimer({ method: req.method });
  // A client-side navigation's data counts under its page.
  res.on("finish", () => end({ route: routeLabel(pagePathOf(req.path)), status: String(res.statusCode) }));
  next();
};

export const metricsEndpoint: RequestHandler = async (_req, res) => {
  res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
};

/**
 * /metrics on the site's own port: only with `Authorization: Bearer METRICS_TOKEN` (compared in
 * constant time); otherwise, and when no token is set, it does not exist (404), so the public never
 * reads the Node version or which pages fail.
 */
export function metricsWithToken(token: string | undefined): RequestHandler {
  const expected = token ? createHash("sha256").update(token).digest() : null;
  return (req, res, next) => {
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (!expected || !given || !timingSafeEqual(createHash("sha256").update(given).digest(), expected)) {
      return void res.status(404).type("text/plain").send("Not found");
    }
    metricsEndpoint(req, res, next);
  };
}
