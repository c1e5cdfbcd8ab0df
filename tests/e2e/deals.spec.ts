import { decode, expect, LANGS, loaderData, pathOf, test, translation, type Lang } from "./fixtures";
import { listPath, seeded, seededItem } from "./backend-seed";

const t = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  translation(lang, key).replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));
const price = (lang: Lang, amount: number, currency: string) =>
  new Intl.NumberFormat(lang, { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(amount);
const day = (lang: Lang, date: string) => new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(new Date(date));

test("special deals show a price formatted for the page's language", async ({ page }) => {
  await page.goto("/en/special-deals");
  const list = page.getByRole("region", { name: t("en", "deals.list") });
  const deals = seeded("specialDeal", "en");
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(deals.map((d) => d.title));
  const hair = list.getByRole("article").filter({ hasText: deals[0].title });
  await expect(hair).toContainText("€2,200");
  await expect(hair).toContainText(t("en", "deals.validUntil", { date: "June 30, 2027" }));

  const fr = seeded("specialDeal", "fr")[0];
  await page.goto(listPath("special-deals", "fr")!);
  const card = page.getByRole("article").filter({ hasText: fr.title });
  await expect(card).toContainText(price("fr", fr.priceFrom!.amount, fr.priceFrom!.currency));
  await expect(card).toContainText(/2\s200\s€/);
});

test("a deal's page lists what is included and calls to get an offer", async ({ page }) => {
  const deal = seeded("specialDeal", "ar")[1];
  await page.goto(listPath("special-deals", "ar")!);
  await page.getByRole("link", { name: deal.title }).click();
  await expect(page).toHaveURL((url) => decode(url.href) === deal.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(deal.title);
  const glance = page.getByRole("complementary", { name: t("ar", "deals.atAGlance") });
  await expect(glance).toContainText(price("ar", deal.priceFrom!.amount, deal.priceFrom!.currency));
  await expect(glance).toContainText(t("ar", "deals.validUntil", { date: day("ar", deal.validUntil!) }));
  await expect(glance.getByRole("link", { name: t("ar", "header.getAnOffer") })).toHaveAttribute("href", pathOf("get-an-offer", "ar")!);
  const included = page.getByRole("region", { name: t("ar", "deals.includes") }).getByRole("listitem");
  await expect(included).toHaveText(deal.includes!);
  await expect(page.getByRole("heading", { name: t("ar", "offerCallout.title") })).toBeVisible();
});

test("the language menu on a deal leads to the same deal in another language", async ({ page }) => {
  const en = seeded("specialDeal", "en")[2];
  await page.goto(en.path!);
  const menu = page.locator(".language-menu");
  await menu.locator("summary").click();
  await menu.locator('a[hreflang="tr"]').click();
  const tr = seededItem("specialDeal", "tr", en.id);
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  expect(decode(page.url())).toBe(tr.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr.title);
});

test.describe("an unknown deal", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test("answers the 404 page", async ({ page }) => {
    const response = await page.goto("/fr/offres-speciales/aucune/499");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "notFound.title"));
  });
});

test.describe("over HTTP", () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== "js-on", "HTTP only: runs once"));

  for (const lang of LANGS) {
    test(`every deal card in ${lang} links to a deal that answers 200`, async ({ request }) => {
      const html = await (await request.get(encodeURI(listPath("special-deals", lang)!))).text();
      const list = listPath("special-deals", lang)!;
      const found = [...new Set([...html.matchAll(/href="([^"]+\/\d+)"/g)].map((m) => decodeURI(m[1])))].filter((href) => href.startsWith(`${list}/`));
      expect(found.sort()).toEqual(
        seeded("specialDeal", lang)
          .map((d) => d.path!)
          .sort(),
      );
      for (const path of found) expect((await request.get(encodeURI(path), { maxRedirects: 0 })).status(), path).toBe(200);
    });
  }

  test("a deal at the wrong uri moves permanently to its canonical address", async ({ request }) => {
    const deal = seeded("specialDeal", "ru")[0];
    const res = await request.get(`${listPath("special-deals", "ru")}/old/${deal.id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(decodeURI(res.headers().location)).toBe(deal.path);
  });

  test("a deal's loader data carries Offer JSON-LD and breadcrumbs", async ({ request, baseURL }) => {
    const deal = seeded("specialDeal", "en")[0];
    const data = await loaderData(request, deal.path!);
    expect(data.jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Offer",
      name: deal.title,
      price: deal.priceFrom!.amount,
      priceCurrency: deal.priceFrom!.currency,
      validThrough: deal.validUntil,
      url: `${baseURL}${deal.path}`,
    });
    expect(data.breadcrumbs.map((b: { path: string }) => b.path)).toEqual(["/en", "/en/special-deals", deal.path]);
  });
});
