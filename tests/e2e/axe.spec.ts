import { expect, expectNoAxeViolations, type Lang, LANGS, sessionRequest, test } from "./fixtures";
import { signInAs } from "./admin-fixtures";
import { PAGE_TYPES } from "./page-types";

/**
 * axe runs once per page type (./page-types.ts). At desktop size the types are checked in English
 * and Arabic in turn (left to right and right to left), home and the offer form in both; at phone size the types whose layout changes most,
 * each in another language, so every language is checked at least once. The form specs run axe again
 * with their errors showing.
 */
const PHONE_ROTATION: Lang[] = ["ar", "en", "tr", "ru", "fr"];
/**
 * What the phone layout changes (the menu button and its panel, stacked grids, the form's single
 * column) shows on these types; the other types share their templates at that size.
 */
const PHONE_TYPES = new Set(["home", "offer", "blog", "treatment", "404"]);

/** The languages each viewport checks a type in, from those the type exists in. */
function languages(type: string, typeIndex: number, index: number, available: Lang[]) {
  const pick = (order: Lang[], from: number) => {
    for (let i = 0; i < order.length; i++) {
      const lang = order[(from + i) % order.length];
      if (available.includes(lang)) return lang;
    }
    return null;
  };
  // At desktop size each type in English or Arabic in turn (left to right, right to left), home and
  // the offer form, the pages most visitors see, in both. A type that has neither is still checked.
  const both = available.filter((l) => l === "en" || l === "ar");
  const turn: Lang = typeIndex % 2 === 0 ? "en" : "ar";
  const desktop = ["home", "offer"].includes(type) || both.length < 2 ? both : [turn];
  return { desktop: desktop.length ? desktop : [available[0]], phone: index < 0 ? [] : [pick(PHONE_ROTATION, index)!] };
}

const phoneIndex = (type: string) => [...PHONE_TYPES].indexOf(type);

PAGE_TYPES.forEach(({ type, path }, typeIndex) => {
  const available = LANGS.filter((lang) => path(lang) !== null);
  const { desktop, phone } = languages(type, typeIndex, phoneIndex(type), available);
  for (const lang of available) {
    if (!desktop.includes(lang) && !phone.includes(lang)) continue;
    test.describe(() => {
      if (type === "404") test.use({ allowedConsoleErrors: [/status of 404/] });
      test(`axe finds nothing on a ${type} page in ${lang}`, async ({ page }, info) => {
        const viewport = info.project.name === "phone" ? phone : desktop;
        test.skip(!viewport.includes(lang), `${type} in ${lang} is checked at the other viewport`);
        await page.goto(encodeURI(path(lang)!));
        // What a visitor meets once the page is interactive (comboboxes replace selects, menus gain buttons).
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await expectNoAxeViolations(page);
      });
    });
  }
});

/**
 * The bulletins' archive (ADR 060) exists in a language only once an issue is published there, so
 * its two page types are not in PAGE_TYPES: the owner sends an ar issue and publishes it, then axe
 * reads the archive and the issue's page (right to left) and the sent issue's admin page with its
 * archive panel. It publishes, so it runs once, after the rest (@publishes).
 */
test("axe finds nothing on the bulletin archive and an issue's page in ar, nor on the sent issue's admin page @publishes", async ({ page, baseURL }) => {
  await signInAs(page, "owner");
  await page.goto("/admin/bulletins");
  await page.locator("#bulletin-list").selectOption("ar");
  await page.locator("#bulletin-title").fill("نشرة أبريل");
  await page.locator("main form button[type=submit]").first().click();
  await page.waitForURL(/\/admin\/bulletins\/\d+$/);
  const issue = new URL(page.url()).pathname;
  // Posted as the forms post, with the page's token: the rich-text editor is not what is checked here.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const post = (path: string, form: Record<string, string>) =>
    sessionRequest(page).post(path, { form: { csrf, ...form }, headers: { origin: baseURL! }, maxRedirects: 0 });
  expect((await post(issue, { do: "save", list: "ar", title: "نشرة أبريل", body: "<p>عروض <strong>جديدة</strong> لزراعة الأسنان.</p>" })).status()).toBe(303);
  expect((await post(`${issue}?intent=send`, { do: "schedule", when: "now" })).status()).toBe(303);
  // Published once the outbox's job has started sending it.
  await expect(async () => {
    await post(`${issue}?intent=send`, { do: "publish" });
    await page.goto(issue);
    await expect(page.locator('[data-archive="published"]')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await expectNoAxeViolations(page);

  await page.goto(encodeURI("/ar/أرشيف-النشرة"));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expectNoAxeViolations(page);
  await page.locator(".bulletin-archive a").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("نشرة أبريل");
  await expect(page.locator(".prose strong")).toHaveText("جديدة");
  await expectNoAxeViolations(page);
});

/**
 * A built form (ADR 065) exists once an editor publishes one, so its page type is not in PAGE_TYPES:
 * the owner builds one with a date, a multiple choice and a photo with plain posts and publishes it in
 * ar; axe reads its page (right to left), then again with the errors of an empty send. It publishes (@publishes).
 */
test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of 400/] });
  test("axe finds nothing on a built form's page in ar, nor with its errors showing @publishes", async ({ page, baseURL }) => {
    await signInAs(page, "owner");
    await page.goto("/admin/forms/new");
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const post = (path: string, form: Record<string, string>) =>
      sessionRequest(page).post(path, { form: { csrf, ...form }, headers: { origin: baseURL! }, maxRedirects: 0 });
    const created = await post("/admin/forms/new", { name: "Axe form" });
    const editor = created.headers().location!;
    const slug = `نموذج-الفحص-${Date.now()}`;
    const texts = { lang: "ar", name: "Axe form", title: "نموذج الأسنان", intro: "أخبرنا بموعد وصولك.", slug };
    for (const newType of ["date", "multiChoice", "file", "consent"]) expect((await post(editor, { ...texts, do: "add", newType })).status()).toBe(303);
    expect((await post(editor, { ...texts, do: "addChoice:f2" })).status()).toBe(303);
    const labels = { "f1.label": "يوم الوصول", "f1.required": "on", "f2.label": "العلاجات", "f2.c1": "زراعة الأسنان", "f2.required": "on" };
    const more = { "f3.label": "صورة لأسنانك", "f3.help": "JPEG أو PNG، حتى 5 ميغابايت.", "f4.label": "أوافق على الشروط", "f4.required": "on" };
    expect((await post(editor, { ...texts, ...labels, ...more, do: "save" })).status()).toBe(303);
    expect((await post(`${editor}?intent=publish`, { lang: "ar" })).status()).toBe(303);
    // The editor shows the publish's toast (the back office's words), so the public page does not.
    await page.goto(editor);
    await expect(page.locator('li[data-lang="ar"][data-published="yes"]')).toBeVisible();
    await page.goto(encodeURI(`/ar/نماذج/${slug}`));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expectNoAxeViolations(page);
    await page.locator("#built-form button[type=submit]").click();
    await expect(page.locator("#built-form-f1-error p")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
