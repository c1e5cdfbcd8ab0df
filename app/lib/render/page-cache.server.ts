import { parse } from "cookie";
import { LRUCache } from "lru-cache";
import { applyCacheControl } from "~/lib/render/cache-control.server";
import { readConsentCookie, type Consent } from "~/lib/site/consent.server";
import { CONSENT_COOKIE, CSRF_COOKIE, LANGUAGE_COOKIE, type SiteCookies } from "~/lib/platform/cookies.server";
import type { FormValues } from "~/lib/forms/protection.server";
import { languagePreferenceCookie, type VisitorHeaders } from "~/lib/render/language-preference.server";
import { isDataRequest } from "~/lib/platform/http/single-fetch";

/**
 * Whole pages kept briefly in memory, so a burst of visitors (or a crawler) costs one render per
 * page and variant, not one per request (docs/decisions/009 and 014).
 *
 * A page is kept in one variant per consent state (no choice yet, or which cookies were allowed):
 * that is all a page reads of its visitor. A request may be answered from it when it carries no
 * cookie but these (any other, a toast for one, is rendered for its visitor):
 * - the language preference, decided again for each visitor;
 * - the consent choice, which picks the variant;
 * - the form-token cookie, which only form pages read.
 * A page is kept when it was a GET answered 200, set no cookie but the language (and a form page
 * its token's), read no content that failed, and is not the back office's (one staff member's).
 * What differs between visitors of one variant is swapped on every answer: the CSP nonce, the
 * analytics client id of a visitor who allowed analytics, and on a form page the visitor's CSRF
 * token (with its cookie for a new visitor) and a stamp made for this answer.
 *
 * server.ts makes one per process (0 seconds, as under `remix dev`, keeps nothing), answers from it
 * before Remix, and keeps what Remix answered once it has (http/keep-page.server.ts): the answer
 * itself says what it is, and a form page names its token and stamp in a header the server removes.
 */

/** Cookies a kept page may be asked with (see above). */
const KNOWN_COOKIES = new Set([LANGUAGE_COOKIE, CONSENT_COOKIE, CSRF_COOKIE]);
// 16 MB of pages as sent (UTF-8). Kept as strings they were 32 MB in V8's heap: the language menu's
// own names (Русский, العربية) make every page a two-byte string, and V8 lets its heap grow to about
// twice what it holds, so each MB kept there cost two or more of resident memory (the bench's 20,000
// mixed requests reached 309 MB, over issue #16's 300). The same bytes outside the heap hold as many
// pages as the 32 MB of strings did (16 million characters, one byte each but Arabic's and Cyrillic's
// two). With 64 MB of strings the process grew to 340 MB (ADR 014).
const MAX_BYTES = 16 * 1024 * 1024;

/** A value that differs per answer and is swapped into a kept page. */
type Slot = "nonce" | "clientId" | keyof FormValues;
/**
 * A form value that can be swapped safely: base64 (the stamp) or base64url with a dot (the signed
 * token), written the same in an attribute and in the loader data's script, and too long to occur
 * in a page by chance.
 */
const SWAPPABLE = /^[A-Za-z0-9+/=._-]{20,}$/;

interface KeptPage {
  /** The page's bytes split at each per-answer value; `slots[i]` is what goes between `parts[i]` and `parts[i + 1]`. */
  parts: Buffer[];
  slots: Slot[];
  headers: [string, string][];
  /** The language it was rendered in, which each visitor's language cookie is decided against. */
  lang: string;
  /** A form page's: each visitor gets a token and stamp of their own. */
  form: boolean;
}

interface Visitor {
  key: string;
  /** The analytics client id the page carries for this visitor, when they allowed analytics. */
  clientId: string | undefined;
}

/** Which of a page's variants a consent choice sees: what the banner and analytics depend on. */
function variantOf(consent: Consent | null): string {
  if (!consent) return "none";
  return `p${Number(consent.performanceAndAnalysisCookies)}f${Number(consent.functionalityCookies)}a${Number(Boolean(consent.clientId))}`;
}

/** The cache key and per-visitor values for a request that may be answered from (or fill) the cache; null when it may not. */
async function visitorOf(
  { consent: consentCookie }: Pick<SiteCookies, "consent">,
  method: string,
  url: string,
  cookieHeader: string | null | undefined,
): Promise<Visitor | null> {
  if (method !== "GET") return null;
  const { pathname, search } = new URL(url, "http://site");
  // A client-side navigation's data (single fetch) is not a page.
  if (isDataRequest(pathname)) return null;
  const sent = cookieHeader ? parse(cookieHeader) : {};
  if (Object.keys(sent).some((name) => !KNOWN_COOKIES.has(name))) return null;
  const consent = CONSENT_COOKIE in sent ? await readConsentCookie(consentCookie, cookieHeader) : null;
  const clientId = consent?.performanceAndAnalysisCookies ? consent.clientId : undefined;
  return { key: `${variantOf(consent)} ${pathname}${search}`, clientId };
}

/** A key's path, decoded as the route table spells it (`/ar/العلاجات`); null for one that does not decode. */
function pathOfKey(key: string): string | null {
  const target = key.slice(key.indexOf(" ") + 1);
  const query = target.indexOf("?");
  try {
    return decodeURIComponent(query === -1 ? target : target.slice(0, query));
  } catch {
    return null;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Splits the page at each per-answer value, remembering which one stood there. The parts are views
 * of one copy of the page's bytes: kept outside V8's heap, as they are sent.
 */
function template(html: Buffer, values: Record<Slot, string | undefined>): Pick<KeptPage, "parts" | "slots"> {
  const present = (Object.entries(values) as [Slot, string | undefined][]).filter((entry): entry is [Slot, string] => Boolean(entry[1]));
  const bySlot = new Map(present.map(([slot, value]) => [value, slot]));
  const pieces = html.toString("utf8").split(new RegExp(`(${present.map(([, value]) => escapeRegExp(value)).join("|")})`));
  const bytes = Buffer.from(html);
  const parts: Buffer[] = [];
  let at = 0;
  // split with a capture group alternates text and separators.
  for (const [i, piece] of pieces.entries()) {
    const end = at + Buffer.byteLength(piece);
    if (i % 2 === 0) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return { parts, slots: pieces.filter((_, i) => i % 2 === 1).map((value) => bySlot.get(value)!) };
}

interface RenderedPage {
  status: number;
  headers: Headers;
  /** The page as sent: decoded only if it is kept. */
  html: Buffer;
  nonce: string | undefined;
  /** The language it was rendered in. */
  lang: string;
  /** A content read failed while it was rendered (the server's note of the request's reads, cache.server.ts). */
  contentFailed: boolean;
  /** The back office's: one staff member's, never another's. */
  personal: boolean;
  /** A form page's token and stamp, as its loader put them in the page and named them in its answer (forms/form-page.server.ts). */
  form?: FormValues;
}

interface PageAnswer {
  headers: [string, string][];
  body: Buffer;
}

/** The cookies a kept page reads and writes, and what makes a kept form page's token and stamp for each visitor (forms/protection.server.ts). */
export interface PageCacheServices {
  cookies: Pick<SiteCookies, "consent" | "language">;
  forms: { values(cookieHeader: string | undefined): Promise<{ values: FormValues; setCookie: string | null }> };
}

export function createPageCache(seconds: number, { cookies, forms }: PageCacheServices) {
  const pages =
    seconds > 0
      ? new LRUCache<string, KeptPage>({
          max: 1000,
          maxSize: MAX_BYTES,
          sizeCalculation: (page) => page.parts.reduce((n, part) => n + part.byteLength, 64),
          ttl: seconds * 1000,
        })
      : null;

  return {
    /** Drops every kept page: something they all show changed (the site settings in the header and footer). */
    clear() {
      pages?.clear();
    },

    /**
     * Drops the kept pages whose path (decoded, query string aside) `affected` names, in every
     * variant and with any query string (a list's `?page=2`): a content change drops the pages that
     * show it and keeps the rest (content-freshness.server.ts).
     */
    drop(affected: (path: string) => boolean) {
      if (!pages) return;
      for (const key of [...pages.keys()]) {
        const path = pathOfKey(key);
        if (path !== null && affected(path)) pages.delete(key);
      }
    },

    /** Whether pages are kept at all (PAGE_CACHE_SECONDS above 0, and not under `remix dev`). */
    keeps: pages !== null,

    /** Keeps a rendered page when it is the same for every visitor of its variant (see above). */
    async keep(request: Request, { status, headers, html, nonce, lang, contentFailed, personal, form }: RenderedPage) {
      if (!pages || status !== 200 || !nonce || contentFailed || personal) return;
      if (form && !(SWAPPABLE.test(form.csrf) && SWAPPABLE.test(form.stamp))) return;
      const visitor = await visitorOf(cookies, request.method, request.url, request.headers.get("Cookie"));
      if (!visitor) return;
      const allowed = form ? [LANGUAGE_COOKIE, CSRF_COOKIE] : [LANGUAGE_COOKIE];
      if (headers.getSetCookie().some((cookie) => !allowed.some((name) => cookie.startsWith(`${name}=`)))) return;
      const page = template(html, { nonce, clientId: visitor.clientId, csrf: form?.csrf, stamp: form?.stamp });
      // A form page whose token or stamp is not where it can be swapped would hand this visitor's on.
      if (form && !(page.slots.includes("csrf") && page.slots.includes("stamp"))) return;
      const kept: [string, string][] = [];
      // Cookies and caching are decided again for each visitor; a form page keeps the caching its
      // route asked for (forms/headers.ts: its stamp is for one send, kept by no one).
      const decidedAgain = form ? ["set-cookie", "vary"] : ["set-cookie", "cache-control", "vary"];
      for (const [name, value] of headers) if (!decidedAgain.includes(name)) kept.push([name, value]);
      pages.set(visitor.key, { ...page, headers: kept, lang, form: Boolean(form) });
    },

    /** A kept page for this request with the given nonce (and the visitor's own values) in it, or null (render it). */
    async kept(method: string, url: string, visitorHeaders: VisitorHeaders, nonce: string): Promise<PageAnswer | null> {
      if (!pages) return null;
      const visitor = await visitorOf(cookies, method, url, visitorHeaders.cookie);
      const page = visitor ? pages.get(visitor.key) : undefined;
      if (!visitor || !page) return null;
      const headers = new Headers(page.headers);
      const values: Record<Slot, string | undefined> = { nonce, clientId: visitor.clientId, csrf: undefined, stamp: undefined };
      if (page.form) {
        // Whatever stops the token or stamp from being made here, a render can answer the visitor.
        const form = await forms.values(visitorHeaders.cookie).catch(() => null);
        if (!form) return null;
        Object.assign(values, form.values);
        if (form.setCookie) headers.append("Set-Cookie", form.setCookie);
      }
      // A page kept with a client id is only found by a visitor who has one (the variant says so).
      if (page.slots.some((slot) => !values[slot])) return null;
      const cookie = await languagePreferenceCookie(cookies.language, page.lang, visitorHeaders);
      if (cookie) headers.append("Set-Cookie", cookie);
      applyCacheControl({ method: "GET", headers: new Headers(visitorHeaders.cookie ? { Cookie: visitorHeaders.cookie } : {}) }, 200, headers);
      const body = [page.parts[0]];
      for (let i = 0; i < page.slots.length; i++) body.push(Buffer.from(values[page.slots[i]]!), page.parts[i + 1]);
      return { headers: [...headers], body: Buffer.concat(body) };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
