/**
 * Newsletter subscriptions with double opt-in (docs/api-contract.md, "Subscriptions"; ADR 056). The
 * site takes the sign-up, writes and sends the mail; the API keeps the subscriptions, the consent
 * records and the confirmation tokens (as hashes), so every instance sees the same state.
 */
import { z } from "zod";
import { itemOf, LanguageCodeSchema } from "./contract";

/** A list is a language's newsletter: one list per site language. */
export const ListSchema = LanguageCodeSchema;

export const SubscriberEmailSchema = z.string().trim().toLowerCase().email().max(200);

/** The consent the visitor ticked: its text's version (a hash of it), its language and the text itself. */
export const ConsentSchema = z.object({
  version: z.string().regex(/^[0-9a-f]{16}$/),
  language: LanguageCodeSchema,
  text: z.string().min(1).max(2000),
});

/** POST subscriptions (client token): a sign-up, waiting for its confirmation. */
export const SubscribeRequestSchema = z.object({ email: SubscriberEmailSchema, list: ListSchema, consent: ConsentSchema }).strict();
/**
 * The token to mail (the API keeps only its hash), or null: the address is already confirmed on the
 * list, or a token was issued for it minutes ago (a stranger cannot flood someone's mailbox).
 */
export const SubscribeAnswerSchema = itemOf(z.object({ confirmToken: z.string().nullable(), expiresAt: z.string().nullable() }));

/** POST subscriptions/confirm (client token): the mailed token. */
export const ConfirmRequestSchema = z.object({ token: z.string().min(20).max(100) }).strict();
/** The confirmed subscription, or null for a token unknown, used or expired. */
export const ConfirmAnswerSchema = itemOf(z.object({ confirmed: z.object({ email: z.string(), list: ListSchema }).nullable() }));

/** POST subscriptions/lookup (client token): an address's lists, for its preferences page. */
export const LookupRequestSchema = z.object({ email: SubscriberEmailSchema }).strict();
export const SUBSCRIPTION_STATUSES = ["pending", "confirmed", "unsubscribed", "erased"] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const LookupAnswerSchema = itemOf(z.object({ lists: z.array(z.object({ list: ListSchema, status: SubscriptionStatusSchema })) }));

/** POST subscriptions/unsubscribe (client token): one list, or every list when `list` is null. */
export const UnsubscribeRequestSchema = z.object({ email: SubscriberEmailSchema, list: ListSchema.nullable() }).strict();
export const UnsubscribeAnswerSchema = itemOf(z.object({ unsubscribed: z.number().int().min(0) }));

/** GET admin/subscriptions[?q=address] (read:audit): counts per list and status, and the rows of one exact address. */
export const SubscriptionOverviewSchema = itemOf(
  z.object({
    /** `disabled`: confirmed, but no longer mailed since a complaint or repeated hard bounces (ADR 057). */
    lists: z.array(
      z.object({ list: ListSchema, pending: z.number().int(), confirmed: z.number().int(), disabled: z.number().int(), unsubscribed: z.number().int() }),
    ),
    found: z
      .array(
        z.object({
          list: ListSchema,
          status: SubscriptionStatusSchema,
          consentedAt: z.string(),
          confirmedAt: z.string().nullable(),
          /** Why the address is no longer mailed, if it is not (ADR 057). */
          disabled: z.enum(["complaint", "bounces"]).nullable(),
        }),
      )
      .nullable(),
  }),
);

/** GET admin/subscriptions/consents (read:audit): every consent record; an ended one has no address, only its hash. */
export const ConsentRecordsSchema = itemOf(
  z.array(
    z.object({
      email: z.string().nullable(),
      addressHash: z.string(),
      list: ListSchema,
      status: SubscriptionStatusSchema,
      consentVersion: z.string(),
      consentLanguage: LanguageCodeSchema,
      consentedAt: z.string(),
      confirmedAt: z.string().nullable(),
      endedAt: z.string().nullable(),
    }),
  ),
);
export type ConsentRecord = z.infer<typeof ConsentRecordsSchema>["result"][number];
