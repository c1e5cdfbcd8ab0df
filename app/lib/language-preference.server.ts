import i18next from "~/i18next.server";
import { languageCookie } from "~/lib/cookies.server";

/** The two request headers `/` chooses a language from (after the URL, which `/` does not have). */
export interface VisitorHeaders {
  cookie?: string;
  "accept-language"?: string;
}

/**
 * The Set-Cookie that stores the language a page was answered in, or null when `/` would lead this
 * visitor to that language anyway (stored preference, else Accept-Language, else en).
 *
 * So a first-time visitor reading pages in their browser's language gets no cookie, and the page
 * stays one a CDN may share (docs/decisions/009, addendum); one who reads a page in another
 * language, or switches to one, has it remembered on that page, whichever page it is.
 */
export async function languagePreferenceCookie(lang: string, visitor: VisitorHeaders): Promise<string | null> {
  const headers = new Headers();
  if (visitor.cookie) headers.set("Cookie", visitor.cookie);
  if (visitor["accept-language"]) headers.set("Accept-Language", visitor["accept-language"]);
  // Asked exactly as `/` asks (app/routes/resources/language-redirect.ts).
  const home = await i18next.getLocale(new Request("http://site/", { headers }));
  return home === lang ? null : languageCookie.serialize(lang);
}
