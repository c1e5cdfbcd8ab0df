import { decode, expect, jsOn, LANGS, pathOf, ROUTES, test, translation } from "./fixtures";


/** What the switcher must offer: the table's equivalent (or the page it stands for), else the language root. */
const expectedTarget = (name: string, lang: (typeof LANGS)[number]) => pathOf(name, lang) ?? `/${lang}`;

ROUTES.forEach(({ page, lang, path }, index) => {
  test(`the language menu on ${path} leads to ${page.name} in every language`, async ({ page: browser }) => {
    await browser.goto(encodeURI(path));
    const menu = browser.locator(".language-menu");
    await menu.locator("summary").click();
    for (const target of LANGS) {
      const link = menu.locator(`a[hreflang="${target}"]`);
      await expect(link).toBeVisible();
      expect(decode(new URL((await link.getAttribute("href"))!, browser.url()).href)).toBe(expectedTarget(page.name, target));
    }
    // Follow one of them, a different language for each page, and land on the page in that language.
    const others = LANGS.filter((l) => l !== lang);
    const target = others[index % others.length];
    await menu.locator(`a[hreflang="${target}"]`).click();
    await expect(browser.locator("html")).toHaveAttribute("lang", target);
    expect(decode(browser.url())).toBe(expectedTarget(page.name, target));
  });
});

test("following the language menu stores the preference for /", async ({ page }) => {
  await page.goto("/en/about-us");
  await page.locator(".language-menu summary").click();
  await page.locator('.language-menu a[hreflang="tr"]').click();
  await expect(page).toHaveURL(/\/tr\/hakkimizda$/);
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
