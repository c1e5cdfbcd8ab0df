import { readFileSync } from "node:fs";
import { decode, expect, LANGS, loaderData, pathOf, PAGES, test, translation, type Lang } from "./fixtures";

// The doctors come from the API: the test reads the seed the embedded backend starts with.
const read = (file: string) => JSON.parse(readFileSync(new URL(`../../backend/seed/content/${file}`, import.meta.url), "utf8"));
const SLUGS: string[] = read("doctors.json").doctors.map((d: { key: string }) => d.key);
const TEXT = Object.fromEntries(
  LANGS.map((lang) => [lang, Object.fromEntries(read(`${lang}/doctors.json`).map((d: { key: string }) => [d.key, d]))]),
) as Record<Lang, Record<string, { name: string; title: string; uri: string }>>;
const doctorsPage = PAGES.find((p) => p.name === "doctors")!;
/** The languages with a doctors page of their own (not tr). */
const WITH_PAGE = LANGS.filter((lang) => doctorsPage.slugs[lang] !== undefined);
const detailPath = (lang: Lang, key: string) => `${pathOf("doctors", lang)}/${TEXT[lang][key]?.uri ?? key}`;
const fullName = (lang: Lang, slug: string) => `${TEXT[lang][slug].title} ${TEXT[lang][slug].name}`;

const entities: Record<string, string> = { "&amp;": "&", "&#x27;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">" };
const unescape = (s: string) => s.replace(/&(amp|#x27|quot|lt|gt);/g, (m) => entities[m]);
const h1Of = (html: string) => unescape(html.match(/<h1>([^<]*)<\/h1>/)?.[1] ?? "");
const titleOf = (html: string) => unescape(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
const descriptionOf = (html: string) => unescape(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "");
const alternatesOf = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(([, l, h]) => [l, decode(h)]));

/** Checks made over plain HTTP mean the same in every project: run them once. */
const httpOnly = (projectName: string) => test.skip(projectName !== "js-on", "an HTTP check, run in one project");

for (const lang of WITH_PAGE) {
  test(`the ${lang} list shows the 12 doctors as cards leading to their pages`, async ({ page }) => {
    await page.goto(encodeURI(pathOf("doctors", lang)!));
    const list = page.getByRole("region", { name: translation(lang, "doctors.listHeading") }).getByRole("list");
    const cards = list.getByRole("listitem");
    await expect(cards).toHaveCount(12);
    const links = list.getByRole("heading", { level: 3 }).getByRole("link");
    expect(await links.allTextContents()).toEqual(SLUGS.map((slug) => fullName(lang, slug)));
    expect((await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))).map(decode)).toEqual(SLUGS.map((slug) => detailPath(lang, slug)));

    // Portraits: sized (no layout shift), described, lazy below the first row, and actually drawn.
    const images = list.getByRole("img");
    await expect(images).toHaveCount(12);
    for (const [i, img] of (await images.all()).entries()) {
      await expect(img).toHaveAttribute("width", "400");
      await expect(img).toHaveAttribute("height", "480");
      await expect(img).toHaveAttribute("alt", new RegExp(TEXT[lang][SLUGS[i]].name));
      await expect(img).toHaveAttribute("loading", i < 3 ? "eager" : "lazy");
    }
    await images.first().scrollIntoViewIfNeeded();
    await expect.poll(() => images.first().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(400);

    // Following a card lands on the doctor's page.
    const slug = SLUGS[WITH_PAGE.indexOf(lang) + 4];
    await cards.nth(SLUGS.indexOf(slug)).getByRole("link").click();
    await expect(page).toHaveURL((url) => decode(url.href) === detailPath(lang, slug));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fullName(lang, slug));
    await expect(page.getByRole("link", { name: translation(lang, "doctors.askLink") })).toHaveAttribute("href", pathOf("get-an-offer", lang)!);
  });

  test(`every ${lang} doctor page answers 200 with the name as h1, its own title and description`, async ({ request }, info) => {
    httpOnly(info.project.name);
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    const list = await request.get(encodeURI(pathOf("doctors", lang)!));
    const listHtml = await list.text();
    titles.add(titleOf(listHtml));
    descriptions.add(descriptionOf(listHtml));
    for (const slug of SLUGS) {
      const res = await request.get(encodeURI(detailPath(lang, slug)));
      expect(res.status(), detailPath(lang, slug)).toBe(200);
      const html = await res.text();
      expect(h1Of(html)).toBe(fullName(lang, slug));
      expect(titleOf(html)).toContain(TEXT[lang][slug].name);
      titles.add(titleOf(html));
      descriptions.add(descriptionOf(html));
    }
    expect(titles.size).toBe(SLUGS.length + 1);
    expect(descriptions.size).toBe(SLUGS.length + 1);
    expect([...descriptions].every((d) => d.length > 50)).toBe(true);
  });
}

test("a doctor's hreflang names the same doctor in every language with a doctors page, reciprocally", async ({ request }, info) => {
  httpOnly(info.project.name);
  const slug = "leyla-erdem";
  const expected = Object.fromEntries([...WITH_PAGE.map((lang) => [lang, detailPath(lang, slug)]), ["x-default", detailPath("en", slug)]]);
  for (const lang of WITH_PAGE) {
    const html = await (await request.get(encodeURI(detailPath(lang, slug)))).text();
    expect(alternatesOf(html)).toEqual(expected);
    expect(decode(html.match(/<link rel="canonical" href="([^"]+)"/)![1])).toBe(detailPath(lang, slug));
  }
});

test("the loader data carries Physician JSON-LD and breadcrumbs for the lead's central rendering", async ({ request }, info) => {
  httpOnly(info.project.name);
  const slug = "oguz-tekin";
  const data = await loaderData(request, detailPath("ar", slug));
  expect(data.jsonLd).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Physician",
    name: fullName("ar", slug),
    knowsLanguage: ["tr", "en", "ar"],
    medicalSpecialty: "https://schema.org/Cardiovascular",
    memberOf: { "@type": "MedicalClinic", name: "Remed" },
  });
  expect((await request.get(new URL(data.jsonLd.image.url).pathname)).status()).toBe(200);
  expect(data.breadcrumbs.map((b: { path: string }) => b.path)).toEqual(["/ar", pathOf("doctors", "ar"), detailPath("ar", slug)]);
  expect(data.breadcrumbs.at(-1).name).toBe(fullName("ar", slug));

  const list = await loaderData(request, "/en/doctors");
  expect(list.jsonLd["@type"]).toBe("ItemList");
  expect(list.jsonLd.itemListElement).toHaveLength(12);
  expect(list.breadcrumbs.map((b: { path: string }) => b.path)).toEqual(["/en", "/en/doctors"]);
});

test.describe("unknown doctors", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  for (const lang of ["en", "ar"] as const) {
    test(`an unknown slug in ${lang} answers the localized 404 page`, async ({ page }) => {
      const res = await page.goto(encodeURI(detailPath(lang, "no-such-doctor")));
      expect(res?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation(lang, "notFound.title"));
    });
  }

  test("tr has no doctor pages: its doctors path is the offer page", async ({ page }) => {
    expect(pathOf("doctors", "tr")).toBe(pathOf("get-an-offer", "tr"));
    const res = await page.goto(`${pathOf("get-an-offer", "tr")}/${SLUGS[0]}`);
    expect(res?.status()).toBe(404);
  });
});

test("the language menu on a doctor's page leads to the same doctor, and in tr to the offer page", async ({ page }) => {
  const slug = "zeynep-koc";
  await page.goto(detailPath("en", slug));
  const menu = page.locator(".language-menu");
  await menu.locator("summary").click();
  for (const lang of LANGS) {
    const href = await menu.locator(`a[hreflang="${lang}"]`).getAttribute("href");
    expect(decode(new URL(href!, page.url()).href)).toBe(lang === "tr" ? pathOf("get-an-offer", "tr") : detailPath(lang, slug));
  }
  await menu.locator('a[hreflang="fr"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect(decode(page.url())).toBe(detailPath("fr", slug));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fullName("fr", slug));

  await page.locator(".language-menu summary").click();
  await page.locator('.language-menu a[hreflang="tr"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  expect(decode(page.url())).toBe(pathOf("get-an-offer", "tr"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translation("tr", "titles.get-an-offer"));
});
