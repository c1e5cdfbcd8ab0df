import type { Cookie } from "@remix-run/node";
import { parse } from "cookie";
import { LRUCache } from "lru-cache";
import i18next from "~/lib/render/i18next.server";
import { LANGUAGE_COOKIE } from "~/lib/platform/cookies.server";

/** The two request headers `/` chooses a language from (after the URL, which `/` does not have). */
export interface VisitorHeaders {
  cookie?: string;
  "accept-language"?: string;
}

/**
 * The Set-Cookie that stores the language a page was answered in (`languageCookie`, the load
 * context's), or null when `/` would lead this visitor to that language anyway (stored preference,
 * else Accept-Language, else en).
 *
 * So a first-time visitor reading pages in their browser's language gets no cookie, and the page
 * stays one a CDN may share (docs/decisions/009, addendum); one who reads a page in another
 * language, or switches to one, has it remembered on that page, whichever page it is.
 */
export async function languagePreferenceCookie(languageCookie: Cookie, lang: string, visitor: VisitorHeaders): Promise<string | null> {
  // Asked for every page answered, kept ones too: the answer depends only on these three values.
  const key = `${lang}|${visitor.cookie ? (parse(visitor.cookie)[LANGUAGE_COOKIE] ?? "") : ""}|${visitor["accept-language"] ?? ""}`;
  let needed = needs.get(key);
  if (needed === undefined) {
    needed = await ask(lang, visitor);
    // A crafted header as long as the server allows is answered, not kept.
    if (key.length <= 256) needs.set(key, needed);
  }
  // Serialized each time: the cookie's expiry counts from now.
  return needed ? languageCookie.serialize(lang) : null;
}

/** Recent decisions: whether `/` would lead this visitor elsewhere than the page's language. */
const needs = new LRUCache<string, boolean>({ max: 2000 });

async function ask(lang: string, visitor: VisitorHeaders): Promise<boolean> {
  const headers = new Headers();
  if (visitor.cookie) headers.set("Cookie", visitor.cookie);
  if (visitor["accept-language"]) headers.set("Accept-Language", visitor["accept-language"]);
  // Asked exactly as `/` asks (app/routes/resources/language-redirect.ts).
  const home = await i18next.getLocale(new Request("http://site/", { headers }));
  return home !== lang;
}
