// Staff for the back-office specs: the owner the site makes at start-up (ADMIN_EMAIL, e2e-env.mjs)
// and one user per other role, made in the embedded backend's database by the same functions
// `npm run admin` uses, then signed in through the sign-in form like a person.
import type { Page } from "@playwright/test";
import { createUser, openDb, UserError } from "../../backend/index";
import type { Role } from "../../app/lib/api/admin-contract";
import { E2E_ADMIN, E2E_DATA_DIR } from "../support/e2e-env.mjs";
import { expect } from "./fixtures";

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

/** Signs in through the form (with or without JavaScript) and waits for the back office, in English. */
export async function signInAs(page: Page, role: Role) {
  const user = await ensureStaffUser(role);
  await page.goto("/admin/sign-in");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}
