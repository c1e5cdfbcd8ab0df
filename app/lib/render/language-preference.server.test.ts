import { describe, expect, test } from "vitest";
import { createSiteCookies } from "~/lib/platform/cookies.server";
import { languagePreferenceCookie as preferenceWith } from "~/lib/render/language-preference.server";

const languageCookie = createSiteCookies({ secure: false, secret: "a-test-secret-of-thirty-two-chars" }).language;
const languagePreferenceCookie = (lang: string, visitor: Parameters<typeof preferenceWith>[2]) => preferenceWith(languageCookie, lang, visitor);

const stored = async (lang: string) => (await languageCookie.serialize(lang)).split(";")[0];
const remembered = async (cookie: string | null) => (cookie ? languageCookie.parse(cookie.split(";")[0]) : null);

describe("the language cookie a page answered in a language sets", () => {
  test("none for a first-time visitor whose browser asks for that language: / leads there anyway", async () => {
    expect(await languagePreferenceCookie("fr", { "accept-language": "fr-FR,fr;q=0.9,en;q=0.8" })).toBeNull();
    expect(await languagePreferenceCookie("en", {})).toBeNull();
  });

  test("the page's language for a first-time visitor whose browser asks for another, or for none", async () => {
    expect(await remembered(await languagePreferenceCookie("fr", { "accept-language": "en-GB,en;q=0.9" }))).toBe("fr");
    expect(await remembered(await languagePreferenceCookie("ar", {}))).toBe("ar");
  });

  test("the page's language when the stored one differs, even if the browser asks for the page's", async () => {
    const visitor = { cookie: await stored("tr"), "accept-language": "en" };
    expect(await remembered(await languagePreferenceCookie("en", visitor))).toBe("en");
  });

  test("none when the stored language is the page's, whatever the browser asks for", async () => {
    expect(await languagePreferenceCookie("ru", { cookie: await stored("ru"), "accept-language": "en" })).toBeNull();
  });
});
