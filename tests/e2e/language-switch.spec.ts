import { decode, expect, jsOn, LANGS, PAGES, pathOf, ROUTES, test, translation } from "./fixtures";
import { seeded, treatmentPath } from "./backend-seed";

/** What the switcher must offer: the table's equivalent (or the page it stands for), else the language root. */
const expectedTarget = (name: string, lang: (typeof LANGS)[number]) => pathOf(name, lang) ?? `/${lang}`;

test.describe("over HTTP", () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== "js-on", "HTTP only: runs once"));
  // Every route's menu, as the server writes it: the links are the same with or without JavaScript.
  for (const tablePage of PAGES) {
    test(`the language menu of ${tablePage.name} leads to it in every language, on each of its routes`, async ({ request }) => {
      for (const { path } of ROUTES.filter((r) => r.page === tablePage)) {
        const html = await (await request.get(encodeURI(path))).text();
        const menu = html.match(/<details[^>]*\bclass="[^"]*\blanguage-menu\b[^"]*"[^>]*>([\s\S]*?)<\/details>/)?.[1] ?? "";
        const links = Object.fromEntries(
          [...menu.matchAll(/<a href="([^"]+)" hrefLang="([^"]+)"/g)].map(([, href, hreflang]) => [hreflang, decodeURIComponent(href)]),
        );
        expect(links, path).toEqual(Object.fromEntries(LANGS.map((l) => [l, expectedTarget(tablePage.name, l)])));
      }
    });
  }
});

// In the browser, once per page type: the menu opens (as plain HTML without JavaScript) and its link
// lands on the page in that language. Each type follows a different language.
const MODULES = [...new Set(PAGES.map((p) => p.module))];
MODULES.forEach((module, index) => {
  const tablePage = PAGES.find((p) => p.module === module && p.slugs.en !== undefined)!;
  const lang = LANGS[index % LANGS.length];
  const from = ROUTES.find((r) => r.page === tablePage && r.lang === lang) ?? ROUTES.find((r) => r.page === tablePage)!;
  const others = LANGS.filter((l) => l !== from.lang);
  const target = others[index % others.length];
  // With and without JavaScript in turn: the menu is the same <details> either way, so each type is opened in one of them.
  const project = index % 2 === 0 ? "js-on" : "js-off";
  test(`the language menu on a ${module} page (${from.path}) opens and leads to it in ${target}`, async ({ page: browser }, info) => {
    test.skip(info.project.name !== project, `opened with ${project === "js-on" ? "" : "no "}JavaScript`);
    await browser.goto(encodeURI(from.path));
    const menu = browser.locator(".language-menu");
    await menu.locator("summary").click();
    for (const l of LANGS) await expect(menu.locator(`a[hreflang="${l}"]`)).toBeVisible();
    await menu.locator(`a[hreflang="${target}"]`).click();
    await expect(browser.locator("html")).toHaveAttribute("lang", target);
    expect(decode(browser.url())).toBe(expectedTarget(tablePage.name, target));
  });
});

test("following the language menu stores the preference for /", async ({ page }) => {
  await page.goto("/en/about-us");
  // Its name begins with the code it shows, so a speech-input user can say "click EN" (WCAG 2.5.3).
  await expect(page.locator(".language-menu summary")).toHaveAccessibleName("EN Language: English. Choose another language");
  await page.locator(".language-menu summary").click();
  await page.locator('.language-menu a[hreflang="tr"]').click();
  await expect(page).toHaveURL(/\/tr\/hakkimizda$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/tr$/);
});

// A detail page's path is not in the route table; the switch must still be remembered there.
test("following the language menu on a treatment detail stores the preference for /", async ({ page }) => {
  const en = seeded("treatment", "en")[0];
  const tr = seeded("treatment", "tr").find((t) => t.id === en.id)!;
  await page.goto(encodeURI(treatmentPath("en", en)));
  await page.locator(".language-menu summary").click();
  await page.locator('.language-menu a[hreflang="tr"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  expect(decode(page.url())).toBe(treatmentPath("tr", tr));
  await page.goto("/");
  await expect(page).toHaveURL(/\/tr$/);
});

test("client-side navigation to another language switches the language", async ({ page }, info) => {
  test.skip(!jsOn(info.project.name), "needs JavaScript");
  await page.goto("/en/about-us");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => (window as unknown as { __remixRouter: { navigate(to: string): void } }).__remixRouter.navigate("/fr/a-propos"));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("banner").getByRole("link", { name: translation("fr", "header.getAnOffer"), exact: true })).toBeVisible();
});
