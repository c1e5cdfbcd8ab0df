import type { Page } from "@playwright/test";
import { signInAs } from "./admin-fixtures";
import { expect, expectNoAxeViolations, jsOn, test, translation } from "./fixtures";

// The delivery, users and audit pages (#14). Behaviour with JavaScript on and off at desktop size;
// the phone project only checks that the pages fit its width.
const say = (key: string) => translation("en", key, "admin");
const PASSWORD = "a-long-enough-password";

/** An address no earlier run has used: users are never deleted. */
const uniqueEmail = (tag: string) => `ops-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;

async function signInWith(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto("/admin/sign-in");
  await page.getByLabel(say("signIn.email")).fill(email);
  await page.getByLabel(say("signIn.password")).fill(password);
  await page.getByRole("button", { name: say("signIn.submit") }).click();
}

/** Fills and sends the new-user form on /admin/users. */
async function createUser(page: Page, { email, name, password }: { email: string; name: string; password: string }) {
  const form = page.locator("form", { has: page.getByRole("button", { name: say("users.create") }) });
  await form.getByLabel(say("users.email")).fill(email);
  await form.getByLabel(say("users.name")).fill(name);
  await form.getByLabel(say("users.role")).selectOption("coordinator");
  await form.getByLabel(say("users.language")).selectOption("en");
  await form.getByLabel(say("users.initialPassword")).fill(password);
  await form.getByRole("button", { name: say("users.create") }).click();
  return form;
}

test.describe("desktop", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour runs at desktop size");

  test("an owner creates a coordinator, who can then sign in; the user.create entry is in the audit log", async ({ page }, info) => {
    const email = uniqueEmail(info.project.name);
    const name = `Deniz ${info.project.name}`;
    await signInAs(page, "owner");
    await page.goto("/admin/users");

    // Too short: a field error, the other values kept.
    let form = await createUser(page, { email, name, password: "short" });
    await expect(form.getByText(say("users.errors.passwordShort"))).toBeVisible();
    await expect(form.getByLabel(say("users.email"))).toHaveValue(email);
    await expect(form.getByLabel(say("users.name"))).toHaveValue(name);
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);

    form = await createUser(page, { email, name, password: PASSWORD });
    await expect(page.getByRole("status")).toContainText(say("users.created"));
    const link = page.getByRole("link", { name, exact: true });
    const href = await link.getAttribute("href");
    const id = href?.match(/^\/admin\/users\/(\d+)$/)?.[1];
    expect(id, "the new user's row links to its page").toBeTruthy();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(say("roles.coordinator"));

    // The same address again: a field error on it, the typed values kept.
    form = await createUser(page, { email, name: `${name} again`, password: PASSWORD });
    await expect(form.getByText(say("users.errors.emailTaken"))).toBeVisible();
    await expect(form.getByLabel(say("users.email"))).toHaveValue(email);
    await expect(form.getByLabel(say("users.name"))).toHaveValue(`${name} again`);

    await page.goto("/admin/audit");
    const entry = page.getByRole("row").filter({ hasText: say("audit.actions.userCreate") }).filter({ hasText: new RegExp(`user:${id}\\b`) });
    await expect(entry).toHaveCount(1);
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);

    await signInWith(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(translation("en", "signedInAs", "admin").replace("{{name}}", name))).toBeVisible();
  });

  test("a disabled user can no longer sign in", async ({ page }, info) => {
    const email = uniqueEmail(`off-${info.project.name}`);
    const name = `Ece ${info.project.name}`;
    await signInAs(page, "owner");
    await page.goto("/admin/users");
    await createUser(page, { email, name, password: PASSWORD });
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByText(say("users.passwordEndsSessions"))).toBeVisible();
    if (jsOn(info.project.name)) await expectNoAxeViolations(page);

    await page.getByLabel(say("users.disable")).check();
    await page.getByRole("button", { name: say("users.save") }).click();
    await expect(page.getByRole("status")).toContainText(say("toast.saved"));
    await expect(page.getByLabel(say("users.disable"))).toBeChecked();

    await signInWith(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toContainText(say("signIn.errors.invalid"));
    await expect(page).toHaveURL(/\/admin\/sign-in/);
  });

  test.describe("refused", () => {
    test.use({ allowedConsoleErrors: [/status of 403/] });

    test("a coordinator gets the 403 page on users and audit, and a post to /admin/users is refused", async ({ page }, info) => {
      test.skip(!jsOn(info.project.name), "server answers, the same without JavaScript");
      await signInAs(page, "coordinator");
      for (const path of ["/admin/users", "/admin/audit", "/admin/users/1"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("errors.forbidden.title"));
      }
      // A well-formed post, with this session's CSRF token: refused for the role alone.
      await page.goto("/admin");
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const email = uniqueEmail("refused");
      const origin = new URL(page.url()).origin;
      const post = await page.request.post("/admin/users", {
        form: { csrf, email, name: "Not allowed", role: "owner", language: "en", password: PASSWORD },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(403);
      await page.context().clearCookies();
      await signInAs(page, "owner");
      await page.goto("/admin/users");
      await expect(page.getByText(email)).toHaveCount(0);
    });

    test("the delivery page shows this instance's waiting leads; an editor gets the 403 page", async ({ page }, info) => {
      test.skip(!jsOn(info.project.name), "no form to send without a refused lead");
      await signInAs(page, "coordinator");
      await page.goto("/admin/delivery");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("menu.delivery"));
      await expect(page.getByText(say("delivery.thisInstance"))).toBeVisible();
      await expect(page.getByTestId("waiting")).toHaveText(/^\d+$/);
      await expectNoAxeViolations(page);

      await page.context().clearCookies();
      await signInAs(page, "editor");
      const response = await page.goto("/admin/delivery");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(say("errors.forbidden.title"));
      await expect(page.getByRole("navigation", { name: say("menuLabel") }).getByRole("link", { name: say("menu.delivery") })).toHaveCount(0);
    });
  });
});

test("on a phone the pages fit the screen's width", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the phone project's own check");
  await signInAs(page, "owner");
  for (const path of ["/admin/delivery", "/admin/users", "/admin/audit"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
