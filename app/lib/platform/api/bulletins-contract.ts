/**
 * Bulletins: an issue written for one list (a site language), sent by mail to that list's confirmed
 * subscribers (docs/api-contract.md, "Bulletins"; ADR 057). The API keeps the issues, their status
 * and who is on the list; the site writes each mail and sends it through its outbox.
 */
import { z } from "zod";
import { itemOf, listOf } from "./contract";
import { ListSchema } from "./subscriptions-contract";

/** A draft is edited; a scheduled one waits for its time; a sending one has handed its mail to the site's outbox. */
export const BULLETIN_STATUSES = ["draft", "scheduled", "sending"] as const;
export const BulletinStatusSchema = z.enum(BULLETIN_STATUSES);
export type BulletinStatus = z.infer<typeof BulletinStatusSchema>;

/** An issue's or a version's id in a path, as the site's routes and the API read it: a positive integer within SQLite's 32-bit range. */
export const BulletinIdParamSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const BULLETIN_TITLE_MAX = 200;
/** The body's rich text, sanitized by the site (cleanRichText) before it is saved. */
export const BULLETIN_BODY_MAX = 200_000;

/** POST admin/bulletins and PUT admin/bulletins/:id (write:bulletin): a draft's list, title and body. */
export const BulletinDraftSchema = z
  .object({
    list: ListSchema,
    title: z.string().trim().min(1).max(BULLETIN_TITLE_MAX),
    body: z.string().max(BULLETIN_BODY_MAX),
  })
  .strict();

export const BulletinSummarySchema = z.object({
  id: z.number().int().positive(),
  list: ListSchema,
  title: z.string(),
  status: BulletinStatusSchema,
  /** When it is (or was) to be sent; null for a draft. */
  sendAt: z.string().nullable(),
  /** When the site asked for its recipients, and how many there were; null before. */
  startedAt: z.string().nullable(),
  recipients: z.number().int().nullable(),
  updatedAt: z.string(),
  /** When the owner published it to its language's public archive (ADR 060); null when it is not there. */
  publishedAt: z.string().nullable(),
  /** Whether opens were counted for its send (the owner's setting when the send started; ADR 057 amended). */
  countOpens: z.boolean(),
});
/** An issue's opens: every counted fetch of its pixel, and the readers (keyed hashes of addresses) behind them. */
export const BulletinOpenCountsSchema = z.object({ total: z.number().int().min(0), unique: z.number().int().min(0) });
export const BulletinSchema = BulletinSummarySchema.extend({
  body: z.string(),
  /** GET admin/bulletins/:id only, and only for an issue sent with opens counted. */
  opens: BulletinOpenCountsSchema.nullable().optional(),
});
export type Bulletin = z.infer<typeof BulletinSchema>;

export const BulletinListSchema = listOf(BulletinSummarySchema);
export const BulletinItemSchema = itemOf(BulletinSchema);

/** POST admin/bulletins/:id/schedule (send:bulletin): when to send it (now or later); a draft or a scheduled one only (409 otherwise). */
export const BulletinSchedulePayloadSchema = z.object({ sendAt: z.string().datetime() }).strict();

/**
 * POST bulletins/recipients (client token), a page at a time: the scheduled issue whose `sendAt` is
 * the one its outbox job was made for (null otherwise: the schedule changed or was cancelled), now
 * marked sending, and the confirmed, not disabled subscribers of its list after `after`.
 */
export const BULLETIN_RECIPIENT_PAGE = 500;
export const BulletinRecipientsRequestSchema = z
  .object({ id: z.number().int().positive(), sendAt: z.string().datetime(), after: z.number().int().min(0).default(0) })
  .strict();
export const BulletinRecipientsAnswerSchema = itemOf(
  z.object({
    bulletin: BulletinSchema.nullable(),
    /** `reader`: the keyed hash of the address that an open names (never the address; ADR 057 amended). */
    recipients: z.array(z.object({ id: z.number().int(), email: z.string(), reader: z.string() })).max(BULLETIN_RECIPIENT_PAGE),
    /** The `after` of the next page, or null after the last. */
    next: z.number().int().nullable(),
  }),
);

/**
 * POST subscriptions/report (client token): what the mail service said of an address. A complaint
 * disables it at once; a hard bounce counts, and BOUNCE_LIMIT of them disable it.
 */
export const BOUNCE_LIMIT = 3;
export const DeliveryReportSchema = z.object({ email: z.string().trim().toLowerCase().email().max(200), kind: z.enum(["complaint", "bounce"]) }).strict();
export const DeliveryReportAnswerSchema = itemOf(z.object({ known: z.boolean(), disabled: z.boolean() }));

/** A reader as the API makes it: the first 32 hex digits of an HMAC-SHA256 of the address. */
export const OPEN_READER_PATTERN = /^[0-9a-f]{32}$/;
/** GET and PUT admin/bulletin-settings (read:settings, write:settings): whether bulletin opens are counted. Off by default. */
export const BulletinOpensSettingSchema = z.object({ countOpens: z.boolean() }).strict();
/** POST bulletins/opens (client token): one open of an issue by a reader, from the site's pixel route; counted only for an issue sent with opens on. */
export const BulletinOpenSchema = z
  .object({
    id: z
      .number()
      .int()
      .positive()
      .max(2 ** 31),
    reader: z.string().regex(OPEN_READER_PATTERN),
  })
  .strict();
export const BulletinOpenAnswerSchema = itemOf(z.object({ counted: z.boolean() }));
/**
 * A saved text of an issue (ADR 060): every save of a draft and every restore keeps one, so an
 * earlier text can be read and brought back into the draft. GET admin/bulletins/:id/versions (the
 * newest BULLETIN_VERSIONS_SHOWN), GET …/versions/:versionId, POST …/versions/:versionId/restore
 * (write:bulletin; a draft only, 409 otherwise).
 */
export const BULLETIN_VERSIONS_SHOWN = 50;
export const BulletinVersionSummarySchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(["save", "restore"]),
  title: z.string(),
  /** Who saved it: their name now, else the address; null once the account is gone. */
  author: z.string().nullable(),
  at: z.string(),
});
export const BulletinVersionSchema = BulletinVersionSummarySchema.extend({ list: ListSchema, body: z.string() });
export type BulletinVersion = z.infer<typeof BulletinVersionSchema>;
export const BulletinVersionListSchema = listOf(BulletinVersionSummarySchema);
export const BulletinVersionItemSchema = itemOf(BulletinVersionSchema);

// The public archive's schemas live in contract.ts, beside the other public GET endpoints.
export { ArchivedIssueSchema, ArchivedIssueSummarySchema, type ArchivedIssue, type ArchivedIssueSummary } from "./contract";
