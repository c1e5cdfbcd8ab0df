// Staff for the back-office specs: the owner the site makes at start-up (ADMIN_EMAIL, e2e-env.mjs)
// and one user per other role, made in the embedded backend's database by the same functions
// `npm run admin` uses, then signed in through the sign-in form like a person.
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { createUser, openDb, UserError } from "../../backend/index";
import type { Role } from "../../app/lib/platform/api/admin-contract";
import { E2E_ADMIN, E2E_DATA_DIR } from "../support/e2e-env.mjs";
import { expect, jsOn, pathOf, test, thankYou, translation, type Lang } from "./fixtures";

export interface StaffUserInfo {
  email: string;
  password: string;
  name: string;
}

export function staffUser(role: Role): StaffUserInfo {
  if (role === "owner") return { email: E2E_ADMIN.email, password: E2E_ADMIN.password, name: E2E_ADMIN.email.split("@")[0] };
  return { email: `${role}@e2e.test`, password: `e2e-${role}-password-1234`, name: `E2E ${role[0].toUpperCase()}${role.slice(1)}` };
}

const ready = new Set<Role>();

/**
 * Makes the role's user once per worker. One that exists already (another worker made it) is left
 * alone: resetting its password would end that worker's sessions mid-test.
 */
export async function ensureStaffUser(role: Role): Promise<StaffUserInfo> {
  const user = staffUser(role);
  if (role === "owner" || ready.has(role)) return user;
  const db = openDb(E2E_DATA_DIR);
  try {
    await createUser(db, { email: user.email, name: user.name, role, language: "en", password: user.password });
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
  } finally {
    db.close();
  }
  ready.add(role);
  return user;
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
/** This worker's sessions by role: a sign-in costs a password hash, the page loads and a redirect. */
const sessions = new Map<Role, Cookies>();

/**
 * Signs in and waits for the back office, in English: through the form (with or without
 * JavaScript) the first time in a worker, then with that session's cookies while it lasts (a test
 * that signs out or is revoked sends the next one through the form again).
 */
export async function signInAs(page: Page, role: Role) {
  const kept = sessions.get(role);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto("/admin");
    if (new URL(page.url()).pathname === "/admin") return settled(page);
    sessions.delete(role);
  }
  const user = await ensureStaffUser(role);
  await page.goto("/admin/sign-in");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  sessions.set(role, await page.context().cookies());
  await settled(page);
}

/**
 * With JavaScript, waits until the page has hydrated: a test that navigates on at once cut the
 * dashboard's hydration short, and React logged error #345 for it.
 */
async function settled(page: Page) {
  if (jsOn(test.info().project.name)) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Sends the public contact form (with or without JavaScript, as the project runs), as a visitor would. */
export async function sendContact(page: Page, lang: Lang, lead: { name: string; email: string; message: string }) {
  const t = (key: string) => translation(lang, key);
  await page.goto(pathOf("contact", lang)!);
  const form = page.locator("#contact-form");
  await form.getByLabel(t("forms.name")).fill(lead.name);
  await form.getByLabel(t("forms.email")).fill(lead.email);
  await form.getByRole("textbox", { name: t("forms.phone") }).fill("0532 123 45 67");
  await form.getByLabel(t("forms.message")).fill(lead.message);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: t("forms.send") }).click();
  await expect(thankYou(page, lang, "toast.contactSent")).toBeVisible();
}

/** The outbox delivers after the visitor's answer: the inbox is reloaded until the lead is in it. Returns its row. */
export async function findInInbox(page: Page, email: string): Promise<Locator> {
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(async () => {
    await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
    await expect(row).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  return row;
}

/** The header's language switch (a page may have a "Language" filter of its own): its button for `lang`, unless the page is in it already. */
export async function switchStaffLanguage(page: Page, lang: "en" | "tr") {
  if ((await page.locator("html").getAttribute("lang")) !== lang) await page.locator(`form[action="/admin/language"] button[value="${lang}"]`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}
