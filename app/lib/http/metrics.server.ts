import type { RequestHandler } from "express";
import { httpRequestDuration, metricsRegistry } from "~/lib/metrics.server";
import { lookupDetail, lookupPath, lookupSlugDetail } from "~/lib/route-table";

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
  res.on("finish", () => end({ route: routeLabel(req.path), status: String(res.statusCode) }));
  next();
};

export const metricsEndpoint: RequestHandler = async (_req, res) => {
  res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
};
