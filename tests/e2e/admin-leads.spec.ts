import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { TINY_JPEG } from "../support/images";
import { findInInbox, sendContact, signInAs, staffUser } from "./admin-fixtures";
import { expect, expectNoAxeViolations, jsOn, pathOf, test, thankYou, translation } from "./fixtures";

// The refused posts (400, 403) and the erased lead's 404 are answered on purpose; Chromium logs their status.
test.use({ allowedConsoleErrors: [/status of 40[034]/] });

/** The back office's English text (staff sign in with English as their language). */
const a = (key: string) => translation("en", key, "admin");

/** Opens a lead from its inbox row; returns the lead page's path. */
async function openLead(page: Page, row: Locator, name: string): Promise<string> {
  await row.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  return new URL(page.url()).pathname;
}

/** The value shown for a field label on a lead's page. */
const fieldValue = (page: Page, label: string) =>
  page
    .locator(".admin-fields dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** The form token every back-office page carries (the sign-out form), for posts a test builds itself. */
const csrfOf = (page: Page) => page.locator('input[name="csrf"]').first().inputValue();

test("a lead sent on the Arabic contact page shows in the inbox as typed; its status and a note are saved", async ({ page }, info) => {
  test.slow(); // the public form, two pages checked by axe, two posts
  const js = jsOn(info.project.name);
  const email = `inbox-${randomUUID()}@example.org`;
  const name = "فاطمة الزهراء";
  const message = "أريد معلومات عن زراعة الأسنان.\nشكرا لكم";
  await sendContact(page, "ar", { name, email, message });
  await signInAs(page, "coordinator");

  const row = await findInInbox(page, email);
  await expect(row.locator("th, td")).toHaveText([
    /\d/,
    a("kinds.contact"),
    // Not opened by this owner yet: marked unread beside the name.
    `${name}${a("leads.unread")}`,
    email,
    "+905321234567",
    a("siteLanguages.ar"),
    a("statuses.new"),
    a("leads.unassigned"),
  ]);
  await expect(row.getByRole("link", { name })).toHaveAttribute("dir", "auto");
  if (js) await expectNoAxeViolations(page);
  if (info.project.name === "phone") expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await openLead(page, row, name);
  await expect(fieldValue(page, a("fields.name")).locator("[dir=auto]")).toHaveText(name);
  await expect(page.getByRole("heading", { level: 1 }).locator("[dir=auto]")).toHaveText(name);
  await expect(fieldValue(page, a("fields.message"))).toHaveText(message);
  await expect(fieldValue(page, a("fields.message"))).toHaveCSS("white-space", "pre-wrap");
  await expect(fieldValue(page, a("fields.languageCode"))).toHaveText(a("siteLanguages.ar"));
  await expect(fieldValue(page, a("fields.formType"))).toHaveText(a("kinds.contact"));
  await expect(fieldValue(page, a("fields.privacyConsent"))).toHaveText(a("leads.yes"));
  const phone = fieldValue(page, a("fields.phone"));
  await expect(phone.getByRole("link", { name: "+905321234567" })).toHaveAttribute("href", "tel:+905321234567");
  await expect(phone.getByRole("link", { name: a("leads.writeWhatsapp") })).toHaveAttribute("href", "https://wa.me/905321234567");
  await expect(fieldValue(page, a("fields.email")).getByRole("link")).toHaveAttribute("href", `mailto:${email}`);
  if (js) await expectNoAxeViolations(page);

  await page.getByLabel(a("leads.status")).selectOption("in_progress");
  await page.getByRole("button", { name: a("leads.saveStatus") }).click();
  await expect(page.locator(".toast")).toContainText(a("toast.saved"));
  const note = "Called back on WhatsApp.\nSends X-rays tomorrow.";
  await page.getByLabel(a("leads.addNote")).fill(note);
  await page.getByRole("button", { name: a("leads.saveNote") }).click();
  // With JavaScript the first toast may still be showing: the note itself tells the second post went through.
  await expect(page.locator(".admin-notes li")).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel(a("leads.status"))).toHaveValue("in_progress");
  const notes = page.locator(".admin-notes li");
  await expect(notes).toHaveCount(1);
  await expect(notes.locator(".admin-pre")).toHaveText(note);
  await expect(notes).toContainText(staffUser("coordinator").name);
  await expect(page.getByLabel(a("leads.addNote"))).toHaveValue("");
});

test("the export is the filtered list as CSV that Excel reads, a formula typed into a name neutralised; wrong filters are ignored", async ({
  page,
  baseURL,
}, info) => {
  test.skip(info.project.name !== "js-on", "HTTP checks, once");
  const email = `export-${randomUUID()}@example.org`;
  await sendContact(page, "en", { name: '=HYPERLINK("http://x","y")', email, message: 'Price, please: "all-on-4"' });
  await signInAs(page, "coordinator");
  await findInInbox(page, email);

  for (const search of ["?kind=x", "?from=bad", "?to=2026-02-31", "?pageIndex=-1", "?language=de&status=open&pageIndex=abc"]) {
    const res = await page.request.get(`/admin/leads${search}`, { maxRedirects: 0 });
    expect(res.status(), search).toBe(200);
  }

  const link = page.getByRole("link", { name: a("leads.export") });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/admin\/leads\/export\.csv\?/);
  expect(new URL(href, baseURL).searchParams.get("q")).toBe(email);
  const res = await page.request.get(href, { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()).toMatchObject({
    "content-type": "text/csv; charset=utf-8",
    "cache-control": "private, no-store",
    "content-disposition": expect.stringMatching(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/),
  });
  const bytes = await res.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe(
    '"id","receivedAt","kind","source","status","assignee","language","name","email","phone","country","city","treatmentId","subject","message","organisation","website","institutionTypeId","position"',
  );
  expect(lines).toHaveLength(3);
  expect(lines[2]).toBe("");
  expect(lines[1]).toContain(`,"contact","website","new","","en","'=HYPERLINK(""http://x"",""y"")","${email}","'+905321234567",`);
  expect(lines[1]).toContain(',"Price, please: ""all-on-4""",');
});

test("a job applicant's photo is shown to a signed-in coordinator and to no one without a session", async ({ page, request }, info) => {
  test.skip(info.project.name !== "js-on", "HTTP checks, once");
  const t = (key: string) => translation("en", key);
  const email = `photo-${randomUUID()}@example.org`;
  await page.goto(pathOf("career", "en")!);
  const form = page.locator("#career-form");
  await form.getByLabel(t("forms.name")).fill("Елена Петрова");
  await form.getByLabel(t("forms.email")).fill(email);
  await form.getByLabel(t("forms.phone"), { exact: true }).fill("0532 123 45 67");
  await form.getByLabel(t("career.position")).selectOption("medicalInterpreter");
  await form.getByLabel(t("career.message")).fill("Russian and Turkish.");
  await form.getByLabel(t("career.photo")).setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: TINY_JPEG });
  await form.getByLabel(t("career.privacyConsent")).check();
  await form.getByRole("button", { name: t("forms.send") }).click();
  await expect(thankYou(page, "en", "career.sent")).toBeVisible();

  await signInAs(page, "coordinator");
  const row = await findInInbox(page, email);
  await expect(row).toContainText(a("kinds.job"));
  await openLead(page, row, "Елена Петрова");
  const img = page.getByRole("img", { name: a("leads.photoAlt").replace("{{name}}", "Елена Петрова") });
  await expect(img).toBeVisible();
  // Visible is laid out, not yet decoded: wait for the bytes (a broken image never gets its 16 px).
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(16);
  const src = (await img.getAttribute("src"))!;
  expect(src).toMatch(/^\/admin\/leads\/\d+\/photo$/);

  const mine = await page.request.get(src, { maxRedirects: 0 });
  expect(mine.status()).toBe(200);
  expect(mine.headers()).toMatchObject({
    "content-type": "image/jpeg",
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "content-disposition": "inline",
  });
  // Re-encoded (ADR 006): a JPEG of the same 16 px, never the bytes the applicant sent.
  const served = await mine.body();
  expect(served.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(Buffer.compare(served, TINY_JPEG)).not.toBe(0);

  // `request` is a context of its own: no session cookie.
  const theirs = await request.get(src, { maxRedirects: 0 });
  expect([302, 303, 401, 403]).toContain(theirs.status());
  expect(theirs.headers()["content-type"] ?? "").not.toMatch(/^image\//);
  expect((await theirs.body()).includes(TINY_JPEG.subarray(0, 64))).toBe(false);
});

test("a viewer reads a lead without any form, and a post built with their session is refused", async ({ page, baseURL }, info) => {
  test.skip(info.project.name !== "js-on", "HTTP checks, once");
  test.slow(); // two staff members, each signed in in a browser of their own
  const email = `viewer-${randomUUID()}@example.org`;
  await sendContact(page, "ru", { name: "Анна Смирнова", email, message: "Сколько стоит?" });
  await signInAs(page, "viewer");
  const row = await findInInbox(page, email);
  // Nor may a viewer export.
  await expect(page.getByRole("link", { name: a("leads.export") })).toHaveCount(0);
  expect((await page.request.get(`/admin/leads/export.csv`, { maxRedirects: 0 })).status()).toBe(403);
  const url = await openLead(page, row, "Анна Смирнова");
  await expect(fieldValue(page, a("leads.status"))).toHaveText(a("statuses.new"));
  await expect(page.locator("main form")).toHaveCount(0);
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: a("leads.erase.submit") })).toHaveCount(0);

  const post = async (who: Page) =>
    (
      await who.request.post(`${url}?intent=status`, { form: { csrf: await csrfOf(who), status: "won" }, headers: { Origin: baseURL! }, maxRedirects: 0 })
    ).status();
  expect(await post(page)).toBe(403);

  // The same post by a coordinator goes through: it was the role that was refused, not the post.
  const other = await page.context().browser()!.newContext({ baseURL });
  const coordinator = await other.newPage();
  await signInAs(coordinator, "coordinator");
  await coordinator.goto(url);
  expect(await post(coordinator)).toBe(303);
  await other.close();
  await page.reload();
  await expect(fieldValue(page, a("leads.status"))).toHaveText(a("statuses.won"));
});

test("erasure needs the confirmation, then the lead is gone", async ({ page, baseURL }, info) => {
  test.skip(info.project.name === "phone", "behaviour at desktop size");
  const email = `erase-${randomUUID()}@example.org`;
  await sendContact(page, "en", { name: "Jean Dupont", email, message: "Please delete my data." });
  await signInAs(page, "coordinator");
  const row = await findInInbox(page, email);
  const url = await openLead(page, row, "Jean Dupont");

  // Without the box ticked the server refuses too (the browser would not even send it).
  const unconfirmed = await page.request.post(`${url}?intent=erase`, { form: { csrf: await csrfOf(page) }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(unconfirmed.status()).toBe(400);
  expect((await page.request.get(url, { maxRedirects: 0 })).status()).toBe(200);

  await page.getByLabel(a("leads.erase.confirm")).check();
  await page.getByRole("button", { name: a("leads.erase.submit") }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.locator(".toast")).toContainText(a("leads.erase.done"));

  const gone = await page.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(a("errors.notFound.title"));
  expect((await page.goto("/admin/leads/abc"))?.status()).toBe(404);
});
