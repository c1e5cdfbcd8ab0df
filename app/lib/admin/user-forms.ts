import { z } from "zod";
import { ROLES, STAFF_LANGUAGES } from "~/lib/platform/api/admin-contract";

/*
 * The users pages' forms, for the action and the component alike. Messages are keys: shared ones
 * under forms.errors (common.json), the pages' own as full keys under admin:users.errors.
 */
const text = (max: number) => z.string({ required_error: "required" }).trim().min(1, "required").max(max, "tooLong");
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: (issue) => ({ message: issue.code === "invalid_type" ? "required" : "choice" }) });
const password = z.string({ required_error: "required" }).min(12, "admin:users.errors.passwordShort").max(200, "tooLong");

export const NewUserSchema = z.object({
  email: z.string({ required_error: "required" }).trim().max(200, "tooLong").email("email"),
  name: text(120),
  role: choice(ROLES),
  language: choice(STAFF_LANGUAGES),
  password,
});

export const ProfileSchema = z.object({
  intent: z.literal("profile"),
  name: text(120),
  role: choice(ROLES),
  language: choice(STAFF_LANGUAGES),
  // A checkbox: "on" when ticked, absent when not (conform turns "on" into true).
  disabled: z.boolean().default(false),
  // The notification-admin grant beside the role (ADR 058), a checkbox like the one above.
  notificationAdmin: z.boolean().default(false),
  // Whom a leaver's leads go to when this save disables them; empty: they stay where they are.
  handOverTo: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const NewPasswordSchema = z.object({ intent: z.literal("password"), password });

/** A users page's "Lift the lock" button: whose failed sign-ins to forget. */
export const LiftLockSchema = z.object({ intent: z.literal("unlock"), id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The field error for a password the API's policy refused (422 `password_common` or `password_trivial`), else undefined. */
export function passwordRefusalKey(status: number, code: string | undefined) {
  if (status !== 422) return undefined;
  if (code === "password_common") return "admin:users.errors.passwordCommon";
  if (code === "password_trivial") return "admin:users.errors.passwordTrivial";
  return undefined;
}
