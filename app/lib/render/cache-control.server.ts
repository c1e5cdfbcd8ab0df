import { isAdminPath } from "~/lib/admin/paths";

/** What the caching of an answer depends on of its request (`url` where it may be the back office's). */
export type RequestLine = Pick<Request, "method" | "headers"> & { url?: string };

/**
 * The HTML's caching, decided in one place. Pages carry per-visitor state once a visitor has
 * cookies (consent banner, toasts, form tokens), so only a cookie-less response that sets none may
 * be shared by a CDN, briefly, and served stale while it refreshes. Errors are never stored: a
 * missing page (the `*` route or a loader's 404) is `no-store`, as ADR 001 promises, so a page
 * published a moment later is not hidden behind a cached 404.
 */
export function htmlCacheControl(request: RequestLine, status: number, headers: Headers): string {
  if (status >= 400) return "no-store";
  if (headers.has("Set-Cookie") || request.headers.has("Cookie")) return "private, no-cache";
  if (status !== 200) return "public, max-age=0, s-maxage=60";
  return "public, max-age=0, s-maxage=300, stale-while-revalidate=600, stale-if-error=86400";
}

export function applyCacheControl(request: RequestLine, status: number, headers: Headers) {
  // The back office's answers are one staff member's: stored nowhere, not even by their browser.
  if (request.url && isAdminPath(new URL(request.url).pathname)) {
    headers.set("Cache-Control", "private, no-store");
    return;
  }
  if (request.method !== "GET" && request.method !== "HEAD") return;
  // A loader that chose its own policy (sitemap, robots) keeps it.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", htmlCacheControl(request, status, headers));
  // Whether a page sets the language cookie depends on the browser's language too
  // (language-preference.server.ts): a shared copy made for one Accept-Language is not for another.
  headers.append("Vary", "Cookie, Accept-Language");
}
