import type { Request } from "express";
import { isValidHost } from "~/lib/platform/http/request-target.server";

/**
 * The host the visitor's browser used: X-Forwarded-Host when the proxy that sent it is trusted
 * (TRUST_PROXY), the Host header otherwise. Behind a proxy that rewrites Host to its upstream's name,
 * SITE_URL still names the real one.
 */
export function requestHost(req: Request): string | undefined {
  const trusted = (req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0);
  const forwarded = trusted ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || req.get("host");
  return isValidHost(host) ? host : undefined;
}

/**
 * Was this posted from another site? The browser says where a form came from in Origin (every
 * current browser sends it on POST); when it does not, Sec-Fetch-Site may. "null" is what a
 * sandboxed frame or a no-referrer page sends: never this site's own forms, which carry their origin.
 * The site's origins are SITE_URL's and the one the request itself names (protocol and host as
 * express sees them through TRUST_PROXY).
 */
export function isCrossSite(req: Request, siteUrl: string | undefined): boolean {
  const origin = req.get("origin");
  if (origin === undefined) return req.get("sec-fetch-site") === "cross-site";
  if (origin === "null") return true;
  const own = new Set<string>();
  if (siteUrl) own.add(new URL(siteUrl).origin);
  const host = requestHost(req);
  if (host) own.add(`${req.protocol}://${host}`.toLowerCase());
  try {
    return !own.has(new URL(origin).origin);
  } catch {
    return true;
  }
}
