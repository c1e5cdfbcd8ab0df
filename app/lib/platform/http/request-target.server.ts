import type { RequestHandler } from "express";
import { plainPage } from "~/lib/platform/http/plain-page.server";

/** What the site answers: pages (GET, HEAD) and forms (POST). OPTIONS says so. */
export const ALLOWED_METHODS = "GET, HEAD, POST";

// A host name, an IPv4 address or a bracketed IPv6 address, with an optional port: nothing else
// (a path, a fragment, spaces) may reach the URL the app builds from it. Underscores are allowed:
// nginx sends its upstream's name (`proxy_pass http://site_upstream`) as Host.
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
export const isValidHost = (host: string | undefined): host is string => !!host && host.length <= 255 && HOST.test(host);

/**
 * The longest path the site reads. Its longest pages are an Arabic detail page (a slug of about 150
 * letters, 900 bytes percent-encoded) and the back office's preview (`/admin/content/{kind}/{id}/preview/{lang}.data`,
 * six segments). Beyond these, a path costs the server without being a page: the 404 page's render
 * grew faster than linearly with the number of segments (7,000 of them held the event loop 17 s).
 */
export const PATH_LIMITS = { maxLength: 2_048, maxSegments: 16, maxSegmentLength: 1_024 } as const;

/** Whether a path is within PATH_LIMITS, counted over its raw (percent-encoded) text in one pass. */
export function pathWithinLimits(path: string): boolean {
  if (path.length > PATH_LIMITS.maxLength) return false;
  let segments = 0;
  let start = 0;
  for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) {
    if (++segments > PATH_LIMITS.maxSegments || at - start > PATH_LIMITS.maxSegmentLength) return false;
    start = at;
  }
  return path.length - start <= PATH_LIMITS.maxSegmentLength;
}

/** Whether a path percent-decodes; express's router decodes it for every `*` route and throws when it does not. */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Requests the app could not otherwise answer sensibly, settled before anything else runs:
 * TRACE, CONNECT and methods the site has no use for get 405; OPTIONS (also `OPTIONS *`) gets 204
 * with Allow; an absolute-form target (`GET http://host/path`, which RFC 9112 says a server must
 * accept) is served as its path; any other target that is not a path, a path that does not
 * percent-decode (`/en/%E0%A4`: express answered it with a 500), or a Host header that is not a
 * host, gets 400; a path longer than PATH_LIMITS gets 414 before anything matches it to a route.
 * A `_data` parameter (Remix's data protocol before single fetch, which this site uses; no page of
 * it sends one) gets 400 too: Remix logs each such request as an error with its stack, so a stranger
 * could fill the logs with them.
 */
export const checkRequestTarget: RequestHandler = (req, res, next) => {
  // In the path's language when the path names one (a 414 for "/ar/…" is read in Arabic).
  const refuse = (status: number, headers: Record<string, string> = {}, path = "/") =>
    res.status(status).set(headers).type("html").send(plainPage(path, "badRequest"));
  if (req.method === "OPTIONS") return void res.status(204).set("Allow", ALLOWED_METHODS).end();
  if (!["GET", "HEAD", "POST"].includes(req.method)) return void refuse(405, { Allow: ALLOWED_METHODS });
  if (/^https?:\/\//i.test(req.url)) {
    let target: URL;
    try {
      target = new URL(req.url);
    } catch {
      return void refuse(400);
    }
    if (!isValidHost(target.host)) return void refuse(400);
    req.url = target.pathname + target.search;
  }
  if (!req.url.startsWith("/") || req.url.startsWith("//")) return void refuse(400);
  const path = req.url.split("?", 1)[0];
  if (!pathWithinLimits(path)) return void refuse(414, {}, path.slice(0, 16));
  if (!decodes(path)) return void refuse(400);
  if (!isValidHost(req.headers.host)) return void refuse(400);
  const query = req.url.indexOf("?");
  if (query !== -1 && new URLSearchParams(req.url.slice(query + 1)).has("_data")) return void refuse(400, {}, path);
  next();
};
