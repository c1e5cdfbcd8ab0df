import { decode, expect, LANGS, pathOf, ROUTES, test, translation } from "./fixtures";

const entities: Record<string, string> = { "&amp;": "&", "&#x27;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">" };
const unescape = (s: string) => s.replace(/&(amp|#x27|quot|lt|gt);/g, (m) => entities[m]);

test("/ redirects to en by default", async ({ request }) => {
  const res = await request.get("/", { maxRedirects: 0, headers: { "Accept-Language": "" } });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/en");
});

test("/ redirects to fr for Accept-Language: fr", async ({ request }) => {
  const res = await request.get("/", { maxRedirects: 0, headers: { "Accept-Language": "fr-FR,fr;q=0.9" } });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/fr");
});

test("/ prefers the stored language over Accept-Language", async ({ playwright, baseURL }) => {
  const context = await playwright.request.newContext({ baseURL });
  await context.get(pathOf("about-us", "ru")!);
  const res = await context.get("/", { maxRedirects: 0, headers: { "Accept-Language": "fr" } });
  expect(res.headers().location).toBe("/ru");
  await context.dispose();
});

for (const { page, lang, path } of ROUTES) {
  test(`${page.name} in ${lang} answers 200 at ${path}`, async ({ request, baseURL }) => {
    const res = await request.get(encodeURI(path));
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"`));
    const title = unescape(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
    expect(title).toContain(translation(lang, page.pageTitle));

    // hreflang: itself and every equivalent, absolute, plus x-default.
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(([, hreflang, href]) => ({ hreflang, href }));
    const expected = LANGS.filter((l) => page.slugs[l] !== undefined).map((l) => ({
      hreflang: l,
      path: pathOf(page.name, l),
    }));
    expect(alternates.map((a) => a.hreflang).sort()).toEqual([...expected.map((e) => e.hreflang), "x-default"].sort());
    for (const e of expected) {
      const link = alternates.find((a) => a.hreflang === e.hreflang)!;
      expect(link.href.startsWith(`${baseURL}/`)).toBe(true);
      expect(decode(link.href)).toBe(e.path);
    }
    expect(alternates.find((a) => a.hreflang === lang)).toBeTruthy();
  });
}

for (const [path, lang] of [
  ["/en/no-such-page", "en"],
  ["/fr/page-inexistante", "fr"],
  ["/ar/غير-موجود", "ar"],
  ["/xx/unknown", "en"],
] as const) {
  test(`an unknown path ${path} answers a localized 404`, async ({ request }) => {
    const res = await request.get(encodeURI(path), { headers: { "Accept-Language": "en" } });
    expect(res.status()).toBe(404);
    const html = unescape(await res.text());
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(translation(lang, "notFound.title"));
    expect(html).toContain(`href="${pathOf("contact", lang)}"`);
  });
}
