import { parse } from "cookie";
import { LRUCache } from "lru-cache";
import { applyCacheControl } from "~/lib/cache-control.server";
import { languageCookie } from "~/lib/cookies.server";
import { languagePreferenceCookie, type VisitorHeaders } from "~/lib/language-preference.server";
import { isDataRequest } from "~/lib/single-fetch";

/**
 * Whole pages for first-time visitors, kept briefly in memory so a burst of visitors (or a
 * crawler) costs one render per page, not one per request.
 *
 * Only a page that is the same for everyone is kept: a GET whose request carries no cookie but
 * the language preference, answered 200 with no cookie but that one, with every content read
 * succeeding. Anything personal (consent choice, toast, form tokens) carries or sets another
 * cookie and so is never kept. The CSP nonce is the one per-response value in such a page: it is
 * swapped for a fresh one on every answer.
 *
 * server.ts makes one per process (0 seconds, as under `remix dev`, keeps nothing), answers from it
 * before Remix, and hands it to entry.server through the load context, which keeps what it renders.
 */

/** The name of the only cookie a kept page may be asked with or may set. */
const LANGUAGE_COOKIE = languageCookie.name;
const MAX_BYTES = 64 * 1024 * 1024;

interface KeptPage {
  /** The HTML split at each nonce, so a fresh one joins the parts. */
  parts: string[];
  headers: [string, string][];
  /** The language it was rendered in, which each visitor's language cookie is decided against. */
  lang: string;
}

/** The cache key for a request that may be answered from (or fill) the cache; null when it may not. */
function keyOf(method: string, url: string, cookieHeader: string | null | undefined): string | null {
  if (method !== "GET") return null;
  const { pathname, search } = new URL(url, "http://site");
  // A client-side navigation's data (single fetch) is not a page.
  if (isDataRequest(pathname)) return null;
  if (cookieHeader && Object.keys(parse(cookieHeader)).some((name) => name !== LANGUAGE_COOKIE)) return null;
  return pathname + search;
}

interface RenderedPage {
  status: number;
  headers: Headers;
  html: string;
  nonce: string | undefined;
  /** The language it was rendered in. */
  lang: string;
  /** A content read failed while it was rendered (the request's `context.content.failed`). */
  contentFailed: boolean;
}

interface PageAnswer {
  headers: [string, string][];
  body: string;
}

export function createPageCache(seconds: number) {
  const pages =
    seconds > 0
      ? new LRUCache<string, KeptPage>({
          max: 1000,
          maxSize: MAX_BYTES,
          sizeCalculation: (page) => page.parts.reduce((n, part) => n + part.length * 2, 64),
          ttl: seconds * 1000,
        })
      : null;

  return {
    /** Keeps a rendered page when it is the same for everyone (see above). */
    keep(request: Request, { status, headers, html, nonce, lang, contentFailed }: RenderedPage) {
      if (!pages || status !== 200 || !nonce || contentFailed) return;
      const key = keyOf(request.method, request.url, request.headers.get("Cookie"));
      if (!key) return;
      const cookies = headers.getSetCookie();
      if (cookies.some((cookie) => !cookie.startsWith(`${LANGUAGE_COOKIE}=`))) return;
      const kept: [string, string][] = [];
      // Cookies and caching are decided again for each visitor.
      for (const [name, value] of headers) if (!["set-cookie", "cache-control", "vary"].includes(name)) kept.push([name, value]);
      pages.set(key, { parts: html.split(nonce), headers: kept, lang });
    },

    /** A kept page for this request with the given nonce in it, or null (render it). */
    async kept(method: string, url: string, visitor: VisitorHeaders, nonce: string): Promise<PageAnswer | null> {
      const key = pages && keyOf(method, url, visitor.cookie);
      const page = key ? pages.get(key) : undefined;
      if (!page) return null;
      const headers = new Headers(page.headers);
      const cookie = await languagePreferenceCookie(page.lang, visitor);
      if (cookie) headers.append("Set-Cookie", cookie);
      const request = new Request(new URL(url, "http://site"), { headers: visitor.cookie ? { Cookie: visitor.cookie } : {} });
      applyCacheControl(request, 200, headers);
      return { headers: [...headers], body: page.parts.join(nonce) };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
