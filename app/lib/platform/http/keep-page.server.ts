import i18next from "~/lib/render/i18next.server";
import { KEPT_FORM_HEADER, keptFormOf } from "~/lib/forms/kept-form";
import type { PageCache } from "~/lib/render/page-cache.server";

/** What the server knows of a request that Remix's answer does not say. */
export interface RequestFacts {
  /** The CSP nonce the page was rendered with, swapped for each later visitor's. */
  nonce: string;
  /** The back office's (server.ts marks its requests): one staff member's, never kept. */
  personal: boolean;
  /** A content read of the request failed (cache.server.ts): the page may show a fallback. */
  contentFailed: boolean;
}

/** The answer's body, read whole: a rendered page is sent whole anyway (ADR 008). */
async function bodyOf(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The server's side of the page cache (page-cache.server.ts): Remix has answered, and the answer
 * says what it is. A GET answered 200 with HTML is offered to the cache with what the server knows
 * of the request, and a form page's note of its visitor's token and stamp (forms/kept-form.ts),
 * which is removed from every answer here, before it leaves. Returns the answer to send.
 */
export function pageKeeper(pageCache: Pick<PageCache, "keeps" | "keep">) {
  return async function keepPage(request: Request, response: Response, facts: RequestFacts): Promise<Response> {
    const form = keptFormOf(response.headers.get(KEPT_FORM_HEADER));
    response.headers.delete(KEPT_FORM_HEADER);
    const isHtml = response.headers.get("Content-Type")?.startsWith("text/html");
    if (!pageCache.keeps || request.method !== "GET" || response.status !== 200 || !isHtml) return response;
    const body = await bodyOf(response);
    const lang = await i18next.getLocale(request);
    const html = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    void pageCache.keep(request, { status: response.status, headers: new Headers(response.headers), html, ...facts, lang, form });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
