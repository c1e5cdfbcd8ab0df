import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { generateSync } from "otplib";
import { createUser, openDb } from "../../backend/index";
import { E2E_DATA_DIR } from "../support/e2e-env.mjs";
import { findInInbox, sendContact, signInAs, switchStaffLanguage } from "./admin-fixtures";
import { contextOptions, expect, expectNoAxeViolations, sessionRequest, test, translation } from "./fixtures";

// A refused sign-in answers 401, a dead reset link 400 and the unknown address 404: the browser logs them.
test.use({ allowedConsoleErrors: [/status of 40[014]/] });

/**
 * At phone size, axe reads the pages whose markup or layout is the phone's own: the header's menu
 * (on the dashboard), the inbox's rows as cards, the stacked board, a lead's and a patient's pages
 * and the content editor. Every other page is read by axe at desktop size, where the same markup and
 * colours are checked, and at phone size only for sideways scrolling, which is what changes there
 * (in the same session without JavaScript, as the stylesheet alone decides it).
 */
const PHONE_AXE = new Set(["/admin", "/admin/leads", "/admin/leads/board", "lead", "patient", "/admin/content/specialDeal/401", "/admin/menus?lang=tr"]);

/** Every page type of the back office, in one session per language: axe, and at phone size no sideways scrolling. */
async function checkEveryPage(js: Page, lang: "en" | "tr", lead: string, patient: string, isMobile: boolean) {
  // The header's switch (a page may have a "Language" filter of its own), both ways: a worker's page
  // keeps the choice of the test before.
  await switchStaffLanguage(js, lang);
  const form = await aForm(js);
  // At phone size the pages axe does not read are checked for width alone, in the same session
  // without JavaScript: the width is the stylesheet's doing (the back office's menu is plain HTML
  // too), and a page then costs no hydration.
  const plain = isMobile ? await withoutScripts(js) : null;
  for (const path of [
    "/admin",
    "/admin/leads",
    "/admin/leads/board",
    "/admin/leads/new",
    lead,
    "/admin/customers",
    patient,
    "/admin/delivery",
    "/admin/settings",
    "/admin/users",
    "/admin/users/1",
    "/admin/audit",
    "/admin/mail",
    "/admin/analytics/customers",
    "/admin/analytics/downloads",
    "/admin/analytics/errors",
    "/admin/analytics/active-users",
    "/admin/analytics/forms",
    "/admin/analytics/customer-active-users",
    "/admin/subscribers?q=axe%40example.org",
    "/admin/bulletins",
    "/admin/notifications",
    "/admin/notifications/send",
    "/admin/notifications/sources",
    "/admin/notifications/notices",
    // The menus of a language (ADR 062): rows of fields, a row to add a link; a language's draft in
    // the public chrome, right to left for Arabic.
    "/admin/menus?lang=tr",
    "/admin/menus/ar/preview",
    // The form builder (ADR 065): its list, the new form's page and a form's own editor.
    "/admin/forms",
    "/admin/forms/new",
    form,
    // The editor of a deal: its Publish panel has "Notify subscribers" (ADR 059).
    "/admin/content/specialDeal/401",
    // A package's editor: its treatments as a list of checkboxes (ADR 064).
    "/admin/content/package/1201",
    // A text page's editor and the KVKK notice's document file (ADR 061).
    "/admin/content/page/1012",
    "/admin/content/page/1015/files",
    "/admin/no-such-page",
  ]) {
    const axe = !isMobile || PHONE_AXE.has(path === lead ? "lead" : path === patient ? "patient" : path);
    const page = axe ? js : plain!;
    if (path === "/admin/analytics/active-users") {
      // The page view recorded before the walk is in once its referrer's row shows (views reach the
      // API within a second, and the walk's first pages took longer): axe reads every table with a row.
      await expect(async () => {
        await page.goto(path);
        await expect(page.getByRole("rowheader", { name: "example.org" })).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 10_000 });
    } else {
      await page.goto(path);
    }
    // Still signed in (the sign-in page has a heading and a language too).
    expect(new URL(page.url()).pathname, path).toBe(new URL(path, page.url()).pathname);
    // The lead sent with analytics allowed is listed, so axe reads the list's table too.
    if (path === "/admin/analytics/customer-active-users") await expect(page.locator("main tr[data-lead]").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The menus' preview is the public chrome in the previewed language; every other page the staff member's.
    await expect(page.locator("html")).toHaveAttribute("lang", path.startsWith("/admin/menus/ar") ? "ar" : lang);
    if (axe) await expectNoAxeViolations(page);
    if (isMobile) await expectFits(page, path);
    if (isMobile && path === "/admin/leads") {
      // The inbox's rows as cards: a lead's status and assignee on screen, nothing to scroll sideways inside the list either.
      const row = page.locator("main tbody tr").first();
      const width = page.viewportSize()!.width;
      for (const column of ["status", "assignee"]) {
        const cell = row.locator(`td[data-label="${translation(lang, `leads.columns.${column}`, "admin")}"]`);
        await expect(cell).toBeVisible();
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width, column).toBeLessThanOrEqual(width);
      }
      expect(await page.locator(".admin-table-wrap").evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBeLessThanOrEqual(0);
    }
  }
  // A bulletin's page (ADR 057): its draft form with the editor, its preview and its send form; then
  // one of its saved versions (ADR 060).
  const page = plain ?? js;
  for (const bulletinPage of [aBulletin, aBulletinVersion]) {
    await page.goto(await bulletinPage(js));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (!isMobile) await expectNoAxeViolations(page);
    if (isMobile) await expectFits(page);
  }
  // One mail's page: the new lead's alert, kept (no SMTP_URL here), made moments after its delivery.
  const mail = page.locator("main table a").first();
  await expect(async () => {
    await page.goto("/admin/mail");
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.goto((await mail.getAttribute("href"))!);
  await expect(page.getByTestId("mail-body")).toBeVisible();
  if (!isMobile) await expectNoAxeViolations(page);
  if (isMobile) await expectFits(page);
  await plain?.context().close();
}

/** A page in a new context of the same browser, size and session as the given one, without JavaScript. */
async function withoutScripts(page: Page): Promise<Page> {
  const options = contextOptions({ ...test.info().project.use, viewport: page.viewportSize(), javaScriptEnabled: false });
  const context = await page
    .context()
    .browser()!
    .newContext({ ...options, storageState: await page.context().storageState() });
  return context.newPage();
}

/** No sideways scrolling: the page is no wider than its viewport. */
async function expectFits(page: Page, label = page.url()) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A bulletin's page: the first listed, or a draft made with the list page's form (without JavaScript's help: a plain post). */
async function aBulletin(page: Page): Promise<string> {
  await page.goto("/admin/bulletins");
  const listed = page.locator("main tr[data-bulletin] a").first();
  if (await listed.count()) return (await listed.getAttribute("href"))!;
  await page.locator("#bulletin-title").fill("Axe bulletin");
  await page.locator("main form button[type=submit]").first().click();
  await page.waitForURL(/\/admin\/bulletins\/\d+$/);
  return new URL(page.url()).pathname;
}

/** A built form's editor (ADR 065) with a multiple choice field and a choice: the first listed, or one made with plain posts. */
async function aForm(page: Page): Promise<string> {
  await page.goto("/admin/forms");
  const listed = page.locator("main tr[data-form] a").first();
  if (await listed.count()) return (await listed.getAttribute("href"))!;
  await page.goto("/admin/forms/new");
  await page.locator("#form-name").fill("Axe form");
  await page.locator("main form button[type=submit]").first().click();
  await page.waitForURL(/\/admin\/forms\/\d+/);
  await page.locator("#form-new-type").selectOption("multiChoice");
  await page.locator('main button[name="do"][value="add"]').click();
  await expect(page.locator("li[data-field=f1]")).toBeVisible();
  await page.locator('main button[name="do"][value="addChoice:f1"]').click();
  await expect(page.locator("#f1-c1")).toBeVisible();
  return new URL(page.url()).pathname;
}

/** A saved version of a bulletin (ADR 060): the first listed on a bulletin's page, or one made by saving its draft. */
async function aBulletinVersion(page: Page): Promise<string> {
  await page.goto(await aBulletin(page));
  const listed = page.locator("main tr[data-version] a").first();
  if (!(await listed.count())) {
    await page.locator('main button[name="do"][value="save"]').click();
    await expect(listed).toBeVisible();
  }
  return (await listed.getAttribute("href"))!;
}

/** A "new discovery" notice waiting for approval (ADR 059), so axe reads its form on the notices page: one per deal and language at most. */
function aPendingNotice() {
  const db = openDb(E2E_DATA_DIR);
  try {
    const message = JSON.stringify({ title: "Yeni fırsat: diş implantı", body: "Bahar fırsatı şimdi yayında.", link: "/tr" });
    db.prepare("INSERT OR IGNORE INTO push_notices (created_at, kind, item_id, language, message) VALUES (?, 'specialDeal', 401, 'tr', ?)").run(
      new Date().toISOString(),
      message,
    );
  } finally {
    db.close();
  }
}

const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * A visitor's page view, so every table of the active-users page has a row for axe to read. Sent as
 * the page's beacon is, with a browser's user agent: the test browser's own is a bot's, never counted.
 */
async function recordAPageView(request: APIRequestContext, origin: string) {
  await request.post("/consent", { form: { intent: "accept", redirectTo: "/en" }, headers: { origin }, maxRedirects: 0 });
  const view = {
    url: "/en/about-us?utm_source=axe&utm_medium=test&utm_campaign=axe",
    referrer: "https://example.org/",
    visit: "axe0000000000000",
    screen: "large",
  };
  const answer = await request.post("/analytics/event", {
    data: JSON.stringify(view),
    headers: {
      origin,
      "content-type": "text/plain;charset=UTF-8",
      "user-agent": BROWSER_UA,
    },
  });
  expect(answer.status()).toBe(204);
  // And what the contact form's reporter sends, so the form funnels page has a row in each of its tables.
  for (const form of [{ type: "started" }, { type: "error", field: "email", code: "email" }, { type: "abandoned", field: "email" }]) {
    const sent = await request.post("/analytics/event", {
      data: JSON.stringify({ url: "/en/contact", form }),
      headers: { origin, "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER_UA },
    });
    expect(sent.status()).toBe(204);
  }
}

/**
 * A lead to open: one with Cyrillic text, sent through the public contact form by a browser that
 * allowed analytics cookies, so the customer active users page lists it too (ADR 055).
 */
async function newLead(page: Page, origin: string) {
  await sessionRequest(page).post("/consent", { form: { intent: "accept", redirectTo: "/en" }, headers: { origin }, maxRedirects: 0 });
  const email = `axe-${randomUUID()}@example.org`;
  await sendContact(page, "ru", { name: "Наталья Иванова", email, message: "Хочу узнать цену имплантов." });
  await signInAs(page, "owner");
  return (await (await findInInbox(page, email)).getByRole("link").first().getAttribute("href"))!;
}

/**
 * axe on every back-office page type in Turkish at desktop size, and at phone size on the pages
 * whose layout is the phone's own (PHONE_AXE) with every page checked for sideways scrolling; with
 * the sign-in page's error. In English each page's own spec runs axe on it at desktop size, and the users, audit,
 * delivery and settings specs at phone size too. No English pass over every page at phone size: the
 * screens are the same at that width, and Turkish, whose labels run longer, is the stricter test of
 * their fit (no sideways scrolling).
 */
test("axe finds nothing on any back-office page in Turkish, nor on the sign-in page's error", async ({ page, isMobile, request, baseURL }) => {
  test.slow();
  await recordAPageView(request, baseURL!);
  aPendingNotice();
  const lead = await newLead(page, baseURL!);
  // The lead's patient (ADR 048): the patients list finds them by the lead's name, as the inbox would.
  await page.goto(`/admin/customers?q=${encodeURIComponent("Наталья Иванова")}`);
  const patient = (await page.locator("main table a").first().getAttribute("href"))!;
  // The phone's own width for the walk (the Pixel's 412 px is wider than many phones).
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  await checkEveryPage(page, "tr", lead, patient, isMobile);

  // Signed out, the sign-in page stays in the chosen language; with a refused attempt on it.
  await page.locator('form[action="/admin/sign-out"] button').click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.locator('input[type="email"]').fill(`nobody-${randomUUID()}@e2e.test`);
  await page.locator('input[type="password"]').fill("wrong-password-1234");
  await page.locator('form button[type="submit"]').last().click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  await expectNoAxeViolations(page);

  // The forgotten-password pages, in the same language: the request and its answer, and a dead link's error.
  await page.getByRole("link", { name: translation("tr", "signIn.forgotLink", "admin") }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\/forgot$/);
  await expectNoAxeViolations(page);
  await page.locator('input[type="email"]').fill(`nobody-${randomUUID()}@e2e.test`);
  await page.getByRole("button", { name: translation("tr", "forgot.submit", "admin") }).click();
  await expect(page.getByTestId("reset-sent")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/admin/sign-in/reset/${randomUUID()}${randomUUID()}`);
  await page.locator('input[type="password"]').fill("a-long-enough-password-1");
  await page.getByRole("button", { name: translation("tr", "reset.submit", "admin") }).click();
  await expect(page.getByRole("alert")).toContainText(translation("tr", "reset.errors.link", "admin"));
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  await expectNoAxeViolations(page);
});

/**
 * Two-factor sign-in's screens (#41): the account page, the setup with its QR code, the recovery
 * codes, the sign-in's code step with a wrong code, and the user page where an owner turns it off, each in English and Turkish. A user of its
 * own: turning it on for a shared fixture user would ask the other specs for codes.
 */
test("axe finds nothing on two-factor setup and the sign-in's code step, in English and Turkish", async ({ page, isMobile }) => {
  // Eleven axe runs and three sign-ins (each a password hash) on one page: a minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const user = { email: `two-factor-${randomUUID()}@e2e.test`, password: "two-factor-e2e-password", name: "Tuna Kod" };
  const db = openDb(E2E_DATA_DIR);
  try {
    await createUser(db, { ...user, role: "coordinator", language: "en" });
  } finally {
    db.close();
  }
  const fits = async () => {
    if (isMobile) await expectFits(page);
  };
  const both = async () => {
    // At phone size Turkish alone, whose longer labels are the stricter test of the fit; English is read at desktop size.
    for (const lang of isMobile ? (["tr"] as const) : (["en", "tr"] as const)) {
      await switchStaffLanguage(page, lang);
      await expectNoAxeViolations(page);
      await fits();
    }
    await switchStaffLanguage(page, "en");
  };
  await page.goto("/admin/sign-in");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/account");
  await both();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.locator("main code").first().textContent())!;
  // The setup's page came from a post: axe on it in English (switching language reloads the account page).
  await expectNoAxeViolations(page);
  await fits();
  await page.getByLabel("The 6-digit code the app shows now").fill(generateSync({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator(".admin-recovery-codes code")).toHaveCount(10);
  const recovery = (await page.locator(".admin-recovery-codes code").allTextContents())[0];
  await expectNoAxeViolations(page);

  await page.locator('form[action="/admin/sign-out"] button').click();
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\/code/);
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await both();
  await page.getByLabel("Code").fill(recovery);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Their phone lost: an owner turns it off on their user page (axe on the page with its form, both languages).
  await page.locator('form[action="/admin/sign-out"] button').click();
  // Signed out before the owner signs in: a sign-in page asked for meanwhile led back to the signed-in dashboard.
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await signInAs(page, "owner");
  await page.goto("/admin/users");
  await page.locator("tr", { hasText: user.email }).getByRole("link", { name: user.name }).click();
  const reset = page.getByRole("button", { name: `Turn off two-factor sign-in for ${user.name}` });
  await expect(reset).toBeVisible();
  await both();
  await reset.click();
  await expect(page.getByText(translation("en", "users.twoFactorWasReset", "admin"))).toBeVisible();
  await expect(reset).toHaveCount(0);
});
