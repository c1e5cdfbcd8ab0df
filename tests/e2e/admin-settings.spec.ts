import type { Page } from "@playwright/test";
import { signInAs } from "./admin-fixtures";
import { expect, expectNoAxeViolations, jsOn, sessionRequest, test, translation } from "./fixtures";

// The site settings (#14, item 9): owners edit them, viewers read them, the public header follows.
// The settings are one record every spec's pages show, so only one test changes them (js-off, the
// harder path), always to a +90 number the shell spec still accepts, and puts them back.
// Without JavaScript, a form sent back with errors is a 400 page, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400/] });

const say = (key: string) => translation("en", key, "admin");
const field = (page: Page, label: string) => page.locator("main").getByLabel(label, { exact: true });
// Exact: the alerts form below has a "Save who is told" button of its own.
const save = (page: Page) => page.getByRole("button", { name: say("settings.save"), exact: true }).click();

async function setPhone(page: Page, phone: string) {
  await page.goto("/admin/settings");
  await field(page, say("settings.phone")).fill(phone);
  await save(page);
  await expect(page.getByRole("status")).toContainText(say("toast.saved"));
}

test.describe("desktop", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour runs at desktop size");

  test("an owner changes the phone without JavaScript: the header shows it at once, to them and to a first-time visitor", async ({ page, request }, info) => {
    test.skip(jsOn(info.project.name), "one project changes the shared settings");
    // A first-time visitor's /en is kept by the page cache (up to 30 s): saving must drop it.
    await request.get("/en");
    expect((await request.get("/en")).headers()["x-page-cache"]).toBe("hit");
    await signInAs(page, "owner");
    await page.goto("/admin/settings");
    const original = await field(page, say("settings.phone")).inputValue();
    const phone = `+90 212 555 ${String(Date.now() % 100).padStart(2, "0")} ${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
    const tel = `tel:${phone.replace(/ /g, "")}`;
    try {
      await setPhone(page, phone);
      await expect(field(page, say("settings.phone"))).toHaveValue(phone);
      await page.goto("/en");
      await expect(page.locator(`header.site-header a[href="${tel}"]`)).toHaveText(new RegExp(phone.replace(/\+/, "\\+")));
      await expect(page.locator(`footer a[href="${tel}"]`)).toBeVisible();
      const kept = await request.get("/en");
      expect((await kept.text()).match(/<a href="(tel:[^"]+)">/)?.[1], "the first phone link a first-time visitor gets").toBe(tel);
    } finally {
      await setPhone(page, original);
    }
  });

  test("invalid values come back with an error on each field, every typed value kept, nothing saved", async ({ page }, info) => {
    await signInAs(page, "owner");
    await page.goto("/admin/settings");
    const email = field(page, say("settings.email"));
    const saved = await email.inputValue();
    await field(page, say("settings.phone")).fill("212 900 47");
    await field(page, say("settings.portalUrl")).fill("portal.example.org");
    const facebook = page.locator("main").getByLabel(/^Facebook/);
    await facebook.fill("");
    await email.fill(`new-${info.project.name}@example.org`);
    await save(page);
    await expect(page.getByText(say("settings.errors.phone"))).toBeVisible();
    await expect(field(page, say("settings.phone"))).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(say("settings.errors.url"))).toBeVisible();
    await expect(field(page, say("settings.phone"))).toHaveValue("212 900 47");
    await expect(field(page, say("settings.portalUrl"))).toHaveValue("portal.example.org");
    await expect(facebook).toHaveValue("");
    await expect(email).toHaveValue(`new-${info.project.name}@example.org`);
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);
    await page.goto("/admin/settings");
    await expect(email).toHaveValue(saved);
  });

  test("a viewer reads the settings with nothing to edit, and a post of theirs is refused", async ({ page }, info) => {
    test.skip(!jsOn(info.project.name), "no form: the same without JavaScript");
    await signInAs(page, "viewer");
    await page.goto("/admin/settings");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(say("menu.settings"));
    await expect(main.getByText(say("settings.readOnly"))).toBeVisible();
    await expect(main.getByText(say("settings.address"), { exact: true })).toBeVisible();
    await expect(main.locator("input, textarea, select, button")).toHaveCount(0);
    await expectNoAxeViolations(page);
    // A post with a valid form token (the sign-out form's): refused before the form is read (an
    // incomplete form would otherwise be answered 400).
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const origin = new URL(page.url()).origin;
    const refused = await sessionRequest(page).post("/admin/settings", {
      form: { csrf, phone: "+90 212 000 00 00" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
  });
});
