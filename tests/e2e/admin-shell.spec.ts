import { ensureStaffUser, signInAs } from "./admin-fixtures";
import { expect, expectNoAxeViolations, jsOn, test } from "./fixtures";

// A refused sign-in answers 401 and an unknown address 404: the browser logs both.
test.use({ allowedConsoleErrors: [/status of 40[14]/] });

test.describe("the back office's shell", () => {
  test("a refused sign-in comes back with the message and the e-mail kept; the password retyped leads back", async ({ page }) => {
    const coordinator = await ensureStaffUser("coordinator");
    await page.goto("/admin/leads?status=new");
    await expect(page).toHaveURL(/\/admin\/sign-in\?redirectTo=/);
    await page.getByLabel("E-mail").fill(coordinator.email);
    await page.getByLabel("Password").fill("not-the-password-at-all");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The e-mail or the password is wrong.");
    await expect(page.getByLabel("E-mail")).toHaveValue(coordinator.email);
    // The password is never sent back in the page.
    expect(await page.content()).not.toContain("not-the-password-at-all");
    if (jsOn(test.info().project.name)) await expectNoAxeViolations(page);

    // Only the password is typed again (with JavaScript, the form once refused to send a second time).
    await page.getByLabel("Password").fill(coordinator.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Back where the coordinator was sent from, with the menu of their role.
    await expect(page).toHaveURL(/\/admin\/leads\?status=new$/);
    const menu = page.getByRole("navigation", { name: "Back office" });
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Users", exact: true })).toHaveCount(0);
  });

  test("the dashboard's counts and the leads per day on the form funnels page are drawn on the server, in English and in Turkish; sign-out ends the session", async ({
    page,
  }, info) => {
    await signInAs(page, "owner");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("term").filter({ hasText: "New" })).toBeVisible();
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);
    await page.goto("/admin/analytics/forms");
    await expect(page.getByRole("img", { name: /leads in the period, per day and kind/ })).toBeVisible();

    // One press, named in the language it switches to.
    await page.getByRole("form", { name: "Language" }).getByRole("button", { name: "Türkçe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Form hunileri" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(page.getByRole("img", { name: /dönemde gün ve türe göre .* talep/ })).toBeVisible();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Özet" })).toBeVisible();

    await page.getByRole("button", { name: "Oturumu kapat" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByText("Oturumunuz kapatıldı.")).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/sign-in\?redirectTo=%2Fadmin$/);
  });

  test("answers are private and never indexed; an unknown admin address is a 404 inside the shell", async ({ page }, info) => {
    test.skip(!jsOn(info.project.name), "headers and a page, the same without JavaScript");
    await signInAs(page, "viewer");
    const response = await page.goto("/admin/no-such-screen");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
  });
});
