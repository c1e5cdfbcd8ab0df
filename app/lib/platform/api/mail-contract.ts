/**
 * The API's part in the site's mail (docs/api-contract.md, "Mail"): who is told of a lead, how
 * (everyone or by turns, the owner's choice), and password-reset links. The site writes and sends
 * the mail itself, through its outbox; the API keeps the state several instances share.
 */
import { z } from "zod";
import { EmailSchema, LeadKindSchema, StaffLanguageSchema } from "./admin-contract";
import { itemOf, LanguageCodeSchema } from "./contract";

export { ALERT_MODES, AlertModeSchema, AlertSettingsSchema, type AlertMode } from "./admin-contract";

/** POST leadAlerts (client token): the lead the site delivered with this Idempotency-Key. */
export const LeadAlertRequestSchema = z.object({ idempotencyKey: z.string().min(1).max(100) });

/**
 * Who to tell of it and what the mail may say: never what the visitor typed. Asked again for the same
 * lead, the same recipients (a turn is taken once). `lead` is null when the lead was erased since.
 */
export const LeadAlertSchema = itemOf(
  z.object({
    lead: z.object({ id: z.number().int(), kind: LeadKindSchema, language: LanguageCodeSchema, receivedAt: z.string() }).nullable(),
    recipients: z.array(z.object({ id: z.number().int(), email: z.string(), language: StaffLanguageSchema })),
  }),
);
export type LeadAlert = z.infer<typeof LeadAlertSchema>["result"];

/** A clinic day (YYYY-MM-DD) that exists. */
const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), "not a day");

/**
 * POST mailDigests (client token): the day's digest of overdue follow-ups, asked for by the site's
 * outbox job for that day; `claim` is that job's own random id, the same on every retry of it.
 */
export const MailDigestRequestSchema = z.object({ day: DaySchema, claim: z.string().uuid() });

/**
 * Whom to tell, with counts only (no patient data). The first claim of a day takes it: asked again
 * with that claim, the same answer; with another (a second instance with its own outbox), `mine` is
 * false and nobody, so each day's digest is made once across instances.
 */
export const MailDigestSchema = itemOf(
  z.object({
    mine: z.boolean(),
    recipients: z.array(
      z.object({
        id: z.number().int(),
        email: z.string(),
        language: StaffLanguageSchema,
        /** Overdue follow-ups assigned to them. */
        overdue: z.number().int().min(0),
        /** Overdue follow-ups nobody who can sign in has (owners only; 0 for others). */
        unassigned: z.number().int().min(0),
      }),
    ),
  }),
);
export type MailDigest = z.infer<typeof MailDigestSchema>["result"];

/** A reset link lives this long. */
export const PASSWORD_RESET_MINUTES = 30;

/** auth/password-resets: a link for this address, when it is an enabled staff member's. */
export const PasswordResetRequestSchema = z.object({ email: z.string().max(200) });
/** The token only the mail carries (the API keeps its hash), or null for an unknown or disabled address. */
export const PasswordResetIssuedSchema = itemOf(
  z.object({
    mail: z.object({ token: z.string(), email: EmailSchema, language: StaffLanguageSchema, expiresAt: z.string() }).nullable(),
  }),
);
/** auth/password-resets/use: the link's token and the new password (the API's own rule applies). */
export const PasswordResetUseSchema = z.object({ token: z.string().min(20).max(100), password: z.string().max(200) });
/** Why a reset was refused: the link is unknown, used or expired; or the password breaks the rule (the API's message). */
export const RESET_ERRORS = { link: "invalid_reset_link" } as const;
