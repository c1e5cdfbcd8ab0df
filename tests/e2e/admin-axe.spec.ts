import { randomUUID } from "node:crypto";
import { findInInbox, sendContact, signInAs } from "./admin-fixtures";
import { expect, expectNoAxeViolations, jsOn, test } from "./fixtures";

// A refused sign-in answers 401 and the unknown address 404: the browser logs both.
test.use({ allowedConsoleErrors: [/status of 40[14]/] });

/** Every page type of the back office, checked by axe in English and Turkish (desktop and phone projects). */
for (const lang of ["en", "tr"] as const) {
  test(`axe finds nothing on any back-office page in ${lang}`, async ({ page }, info) => {
    test.skip(!jsOn(info.project.name), "axe runs in the page");
    test.slow();
    const email = `axe-${randomUUID()}@example.org`;
    await sendContact(page, "ru", { name: "Наталья Иванова", email, message: "Хочу узнать цену имплантов." });

    await signInAs(page, "owner");
    if (lang === "tr") {
      await page.getByLabel("Language", { exact: true }).selectOption("tr");
      await page.getByRole("button", { name: "Change" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    }
    const row = await findInInbox(page, email);
    const lead = await row.getByRole("link").first().getAttribute("href");
    for (const path of ["/admin", "/admin/leads", lead!, "/admin/delivery", "/admin/settings", "/admin/users", "/admin/users/1", "/admin/audit", "/admin/no-such-page"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expectNoAxeViolations(page);
    }

    // Signed out, the sign-in page stays in the chosen language; with a refused attempt on it.
    await page.locator('form[action="/admin/sign-out"] button').click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await page.locator('input[type="email"]').fill(`nobody-${randomUUID()}@e2e.test`);
    await page.locator('input[type="password"]').fill("wrong-password-1234");
    await page.locator('form button[type="submit"]').last().click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expectNoAxeViolations(page);
  });
}
