import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import { openDb } from "../../backend/index";
import { E2E_DATA_DIR } from "../support/e2e-env.mjs";
import type { Locator, Page } from "@playwright/test";
import { TINY_JPEG } from "../support/images";
import { findInInbox, sendContact, signInAs, staffUser, switchStaffLanguage } from "./admin-fixtures";
import { expect, expectNoAxeViolations, jsOn, pathOf, sessionRequest, test, thankYou, translation } from "./fixtures";

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
    // The box that picks the row for a bulk change.
    "",
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

  await page.getByLabel(a("leads.status")).selectOption("contacted");
  await page.getByRole("button", { name: a("leads.saveStatus") }).click();
  await expect(page.locator(".toast")).toContainText(a("toast.saved"));
  const note = "Called back on WhatsApp.\nSends X-rays tomorrow.";
  await page.getByLabel(a("leads.addNote")).fill(note);
  await page.getByRole("button", { name: a("leads.saveNote") }).click();
  // With JavaScript the first toast may still be showing: the note itself tells the second post went through.
  await expect(page.locator(".admin-notes li")).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel(a("leads.status"))).toHaveValue("contacted");
  const notes = page.locator(".admin-notes li");
  await expect(notes).toHaveCount(1);
  await expect(notes.locator(".admin-pre")).toHaveText(note);
  await expect(notes).toContainText(staffUser("coordinator").name);
  await expect(page.getByLabel(a("leads.addNote"))).toHaveValue("");
});

/** RFC 4180: quoted cells with doubled quotes, CRLF rows; the file ends with a CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 0;
  while (at < text.length) {
    const quoted = /^"((?:[^"]|"")*)"(,|\r\n)/.exec(text.slice(at));
    if (!quoted) throw new Error(`not RFC 4180 at ${at}: ${text.slice(at, at + 40)}`);
    row.push(quoted[1].replace(/""/g, '"'));
    if (quoted[2] === "\r\n") {
      rows.push(row);
      row = [];
    }
    at += quoted[0].length;
  }
  return rows;
}

test("the exports: a spreadsheet whose every typed value is a text cell, and a raw CSV, both with every field and the inbox's filters, in the staff member's words", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "js-off", "HTTP checks, once, and the links work without JavaScript");
  const tag = `export-${randomUUID()}`;
  const formula = '=HYPERLINK("http://x","y")';
  await sendContact(page, "en", { name: formula, email: `${tag}@example.org`, message: 'Price, please: "all-on-4"' });
  const coordinator = staffUser("coordinator");
  await signInAs(page, "coordinator");
  await findInInbox(page, `${tag}@example.org`);
  // An offer with every field a form can send, and a note: stored as the API stores a delivered one.
  const db = openDb(E2E_DATA_DIR);
  const treatment = db.prepare("SELECT json_extract(doc, '$.title') FROM items WHERE kind = 'treatment' AND lang = 'en' ORDER BY id LIMIT 1").pluck();
  const treatmentTitle = treatment.get() as string;
  const treatmentId = db.prepare("SELECT id FROM items WHERE kind = 'treatment' AND lang = 'en' ORDER BY id LIMIT 1").pluck().get() as number;
  const payload = {
    projectId: 2,
    notificationSourceId: 3,
    languageCode: "ru",
    formType: "offer",
    source: "magazine",
    name: "Ольга Смирнова",
    email: `${tag}-offer@example.org`,
    phone: "+79161234567",
    countryCode: "KZ",
    cityName: "Алматы",
    treatmentId,
    contactChannel: "whatsapp",
    preferredDay: "tuesday",
    message: "Пересадка волос",
    privacyConsent: true,
  };
  const offerId = Number(
    db.prepare("INSERT INTO leads (kind, received_at, payload) VALUES ('contactForm', ?, ?)").run("2026-11-20T21:30:00.000Z", JSON.stringify(payload))
      .lastInsertRowid,
  );
  const author = db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(coordinator.email);
  db.prepare("INSERT INTO lead_notes (lead_id, author_id, text, created_at) VALUES (?, ?, 'Called', ?)").run(offerId, author, new Date().toISOString());
  db.close();

  await page.goto(`/admin/leads?q=${tag}`);
  await expect(page.getByText(a("leads.exportCsvNote"))).toBeVisible();
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
    return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
  };
  const headings = [a("leads.exportColumns.id"), a("leads.columns.received"), a("leads.columns.kind"), a("fields.source"), a("leads.columns.status")];

  const xlsx = await download(a("leads.exportXlsx"));
  expect(xlsx.name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, headings.length)).toEqual(headings);
  expect(sheet.rowCount).toBe(3);
  const rowOf = (email: string) => {
    const found = [2, 3].map((n) => sheet.getRow(n)).find((r) => r.getCell(header.indexOf(a("fields.email")) + 1).value === email)!;
    return (heading: string) => found.getCell(header.indexOf(heading) + 1);
  };
  const contact = rowOf(`${tag}@example.org`);
  expect(contact(a("fields.name")).type).toBe(ExcelJS.ValueType.String);
  expect(contact(a("fields.name")).value).toBe(formula);
  expect(contact(a("fields.phone")).type).toBe(ExcelJS.ValueType.String);
  expect(contact(a("fields.phone")).value).toBe("+905321234567");
  expect(contact(a("fields.message")).value).toBe('Price, please: "all-on-4"');
  const offer = rowOf(`${tag}-offer@example.org`);
  const expected: [string, unknown][] = [
    [a("leads.exportColumns.id"), offerId],
    [a("leads.columns.received"), "2026-11-21T00:30:00+03:00"],
    [a("leads.columns.kind"), a("kinds.offer")],
    [a("fields.source"), a("leads.sources.magazine")],
    [a("leads.columns.status"), a("statuses.new")],
    [a("fields.languageCode"), a("siteLanguages.ru")],
    [a("fields.phone"), "+79161234567"],
    [a("fields.countryCode"), "Kazakhstan"],
    [a("leads.exportColumns.countryCode"), "KZ"],
    [a("fields.cityId"), "Алматы"],
    [a("fields.treatmentId"), treatmentTitle],
    [a("fields.contactChannel"), a("leads.contactChannels.whatsapp")],
    [a("fields.preferredDay"), "Tuesday"],
    [a("leads.exportColumns.notesCount"), 1],
  ];
  for (const [heading, value] of expected) expect(offer(heading).value, heading).toBe(value);

  const csv = await download(a("leads.exportCsv"));
  expect(csv.name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.bytes[0]).toBe(0x22); // no byte order mark: the first heading's quote
  const rows = parseCsv(csv.bytes.toString("utf8"));
  expect(rows[0]).toEqual(header);
  expect(rows).toHaveLength(3);
  const csvRow = (email: string) => Object.fromEntries(rows[0].map((heading, i) => [heading, rows.find((r) => r.includes(email))![i]]));
  expect(csvRow(`${tag}@example.org`)).toMatchObject({ [a("fields.name")]: formula, [a("fields.phone")]: "+905321234567" });
  expect(csvRow(`${tag}-offer@example.org`)).toMatchObject(Object.fromEntries(expected.map(([heading, value]) => [heading, String(value)])));

  // In Turkish: the headings and the words.
  await switchStaffLanguage(page, "tr");
  const tr = (key: string) => translation("tr", key, "admin");
  const turkish = parseCsv((await download(tr("leads.exportCsv"))).bytes.toString("utf8"));
  const status = turkish[0].indexOf(tr("leads.columns.status"));
  expect(turkish.slice(1).map((r) => r[status])).toEqual([tr("statuses.new"), tr("statuses.new")]);
  await switchStaffLanguage(page, "en");
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

  const mine = await sessionRequest(page).get(src, { maxRedirects: 0 });
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
  await expect(page.getByRole("link", { name: a("leads.exportCsv") })).toHaveCount(0);
  await expect(page.getByRole("link", { name: a("leads.exportXlsx") })).toHaveCount(0);
  expect((await sessionRequest(page).get(`/admin/leads/export.xlsx`, { maxRedirects: 0 })).status()).toBe(403);
  expect((await sessionRequest(page).get(`/admin/leads/export.csv`, { maxRedirects: 0 })).status()).toBe(403);
  const url = await openLead(page, row, "Анна Смирнова");
  await expect(fieldValue(page, a("leads.status"))).toHaveText(a("statuses.new"));
  await expect(page.locator("main form")).toHaveCount(0);
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: a("leads.erase.submit") })).toHaveCount(0);

  const post = async (who: Page) =>
    (
      await who.request.post(`${url}?intent=status`, { form: { csrf: await csrfOf(who), status: "booked" }, headers: { Origin: baseURL! }, maxRedirects: 0 })
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
  await expect(fieldValue(page, a("leads.status"))).toHaveText(a("statuses.booked"));
});

test("erasure needs the confirmation, then the lead is gone", async ({ page, baseURL }, info) => {
  test.skip(info.project.name === "phone", "behaviour at desktop size");
  const email = `erase-${randomUUID()}@example.org`;
  await sendContact(page, "en", { name: "Jean Dupont", email, message: "Please delete my data." });
  await signInAs(page, "coordinator");
  const row = await findInInbox(page, email);
  const url = await openLead(page, row, "Jean Dupont");

  // Without the box ticked the server refuses too (the browser would not even send it).
  const unconfirmed = await sessionRequest(page).post(`${url}?intent=erase`, {
    form: { csrf: await csrfOf(page) },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(unconfirmed.status()).toBe(400);
  expect((await sessionRequest(page).get(url, { maxRedirects: 0 })).status()).toBe(200);

  await page.getByLabel(a("leads.erase.confirm")).check();
  await page.getByRole("button", { name: a("leads.erase.submit") }).click();
  await expect(page).toHaveURL(/\/admin\/leads$/);
  await expect(page.locator(".toast")).toContainText(a("leads.erase.done"));

  const gone = await page.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(a("errors.notFound.title"));
  expect((await page.goto("/admin/leads/abc"))?.status()).toBe(404);
});

test("without JavaScript a coordinator enters a phone call as a lead and moves it on the board to offer sent; its history says so", async ({ page }, info) => {
  test.skip(info.project.name !== "js-off", "the plain forms, once");
  const name = `Telefon ${randomUUID().slice(0, 8)}`;
  await signInAs(page, "coordinator");
  await page.goto("/admin/leads/new");
  await page.getByLabel(a("pipeline.new.source")).selectOption("phone");
  await page.getByLabel(a("pipeline.new.name")).fill(name);
  await page.getByLabel(a("pipeline.new.phone")).fill("+90 532 765 43 21");
  await page.getByRole("button", { name: a("pipeline.new.submit") }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  await page.goto("/admin/leads/board");
  const card = page.locator(".admin-board-card").filter({ hasText: name });
  await card.getByLabel(a("pipeline.board.moveTo")).selectOption("offer_sent");
  await card.getByRole("button", { name: a("pipeline.board.move") }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/board$/);
  await expect(page.getByRole("region", { name: new RegExp(`^${a("statuses.offer_sent")}`) }).getByRole("link", { name })).toBeVisible();

  await page.getByRole("link", { name }).click();
  const history = page.locator(".admin-history li").last();
  await expect(history).toContainText(`${a("pipeline.history.fields.status")}: ${a("statuses.new")} → ${a("statuses.offer_sent")}`);
  await expect(history).toContainText(staffUser("coordinator").name);
});

test("without JavaScript a coordinator confirms two leads of one caller, the number typed two ways, as one patient whose timeline holds both", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "js-off", "the plain forms, once");
  const name = `Arayan ${randomUUID().slice(0, 8)}`;
  const digits = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  await signInAs(page, "coordinator");
  const ids: string[] = [];
  for (const phone of [`+90 533 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`, `+90533${digits}`]) {
    await page.goto("/admin/leads/new");
    await page.getByLabel(a("pipeline.new.source")).selectOption("phone");
    await page.getByLabel(a("pipeline.new.name")).fill(name);
    await page.getByLabel(a("pipeline.new.phone")).fill(phone);
    await page.getByRole("button", { name: a("pipeline.new.submit") }).click();
    await expect(page).toHaveURL(/\/admin\/leads\/\d+$/);
    ids.push(new URL(page.url()).pathname.split("/").pop()!);
  }

  await page.goto("/admin/customers");
  const pair = page.locator(".admin-suggestions li").filter({ hasText: name });
  await expect(pair).toContainText(a("patients.suggestions.keys.phone"));
  await pair.getByRole("button", { name: a("patients.suggestions.mergeNamed").replace("{{a}}", name).replace("{{b}}", name) }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
  const timeline = page.locator(".admin-timeline");
  for (const id of ids) await expect(timeline.getByRole("link", { name: new RegExp(`: lead ${id}$`) })).toBeVisible();
  await page.goto("/admin/customers");
  await expect(page.locator(".admin-suggestions li").filter({ hasText: name })).toHaveCount(0);
});
