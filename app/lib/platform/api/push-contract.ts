/**
 * Web push (docs/api-contract.md, "Push"; ADR 058). The browser's subscription (endpoint and keys)
 * is kept by the API, so every instance sends to the same browsers; the site encrypts and sends
 * each message through its outbox and tells the API how it ended.
 */
import { z } from "zod";
import { itemOf, LanguageCodeSchema, listOf } from "./contract";

import { PUSH_SOURCE_IDS, type PushSourceId } from "../../push/sources";

export { DEFAULT_PUSH_SOURCE, PUSH_SOURCE_IDS, PUSH_SOURCES, type PushSourceId } from "../../push/sources";
export const PushSourceIdSchema = z.coerce
  .number()
  .int()
  .refine((n): n is PushSourceId => (PUSH_SOURCE_IDS as readonly number[]).includes(n), "source");

/** An endpoint as a push service gives it: an absolute http(s) URL of bounded length (where it may point: push-endpoint.ts). */
export const PushEndpointSchema = z
  .string()
  .max(1000)
  .url()
  .refine((url) => /^https?:\/\//.test(url), "endpoint");
/** The browser's P-256 public key (65 bytes: 87 base64url characters) and its 16-byte auth secret (22). */
export const PushKeysSchema = z.object({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }).strict();

/** POST push-subscriptions (client token): a browser's opt-in; the same endpoint again replaces its keys, language and sources. */
export const PushSubscribeRequestSchema = z
  .object({
    endpoint: PushEndpointSchema,
    keys: PushKeysSchema,
    language: LanguageCodeSchema,
    sources: z.array(PushSourceIdSchema).min(1).max(PUSH_SOURCE_IDS.length),
  })
  .strict();
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequestSchema>;
export const PushSubscribeAnswerSchema = itemOf(z.object({ id: z.number().int().positive() }));

/** POST push-subscriptions/remove (client token): a browser's opt-out, or a push service's 404/410 for it. */
export const PushRemoveRequestSchema = z.object({ endpoint: PushEndpointSchema }).strict();
export const PushRemoveAnswerSchema = itemOf(z.object({ removed: z.boolean() }));

/** The largest page of GET push-subscriptions. */
export const MAX_PUSH_PAGE = 500;
/** GET push-subscriptions?language=&source=&after=&limit= (client token): whom one notification goes to, by id, a page at a time. */
export const PushAudienceQuerySchema = z.object({
  language: LanguageCodeSchema.optional(),
  source: PushSourceIdSchema,
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PUSH_PAGE).default(MAX_PUSH_PAGE),
});
export const PushRecipientSchema = z.object({
  id: z.number().int().positive(),
  endpoint: PushEndpointSchema,
  keys: PushKeysSchema,
  language: LanguageCodeSchema,
});
export type PushRecipient = z.infer<typeof PushRecipientSchema>;
export const PushRecipientsSchema = listOf(PushRecipientSchema);

/** One language's message: its title, text and the site path it opens. */
export const PushMessageSchema = z
  .object({
    title: z.string().trim().min(1).max(80),
    body: z.string().trim().min(1).max(200),
    /** A path of this site ("/tr/…"): a notification never opens another site. */
    link: z
      .string()
      .trim()
      .max(300)
      .regex(/^\/(?!\/)[^\s\\]*$/, "link"),
  })
  .strict();
export type PushMessage = z.infer<typeof PushMessageSchema>;

/**
 * POST admin/push/notifications (send:notification): a notification to send. Its audience is the
 * browsers of the source that chose one of the languages it has a message in.
 */
export const PushNotificationCreateSchema = z
  .object({
    source: PushSourceIdSchema,
    messages: z.record(LanguageCodeSchema, PushMessageSchema).refine((messages) => Object.keys(messages).length > 0, "messages"),
  })
  .strict();
export type PushNotificationCreate = z.infer<typeof PushNotificationCreateSchema>;

/** A notification as the history lists it: how many browsers it was for, and how many it reached or did not. */
export const PushNotificationSchema = z.object({
  id: z.number().int().positive(),
  createdAt: z.string(),
  author: z.string().nullable(),
  source: PushSourceIdSchema,
  messages: z.record(LanguageCodeSchema, PushMessageSchema),
  recipients: z.number().int().min(0),
  delivered: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type PushNotification = z.infer<typeof PushNotificationSchema>;
export const PushNotificationItemSchema = itemOf(PushNotificationSchema);
export const PushNotificationsSchema = listOf(PushNotificationSchema);

/** GET admin/push/audience?source=&languages=en,tr (send:notification): how many browsers a notification would reach. */
export const PushCountQuerySchema = z.object({
  source: PushSourceIdSchema,
  languages: z
    .string()
    .max(40)
    .transform((text) => text.split(","))
    .pipe(z.array(LanguageCodeSchema).min(1).max(5)),
});
export const PushCountSchema = itemOf(z.object({ count: z.number().int().min(0) }));
/** GET admin/push/sources (send:notification): the sources and their subscribed browsers. */
export const PushSourcesSchema = listOf(z.object({ id: PushSourceIdSchema, name: z.string(), subscribers: z.number().int().min(0) }));

/** POST push-notifications/:id/results (client token): how one browser's message ended; the first report counts. */
export const PushResultRequestSchema = z.object({ subscriptionId: z.number().int().positive(), outcome: z.enum(["delivered", "failed"]) }).strict();
export const PushResultAnswerSchema = itemOf(z.object({ recorded: z.literal(true) }));

/*
 * "New discovery" notices (issue 44 item 4, ADR 059): publishing a deal, a treatment or a blog post
 * in a language with "notify subscribers" asks for one; a notification admin approves it (it is sent
 * as a notification of source 3 to that language's browsers) or rejects it.
 */
export const NOTICE_KINDS = ["specialDeal", "treatment", "blog"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_STATUSES = ["pending", "approved", "rejected"] as const;

/** POST admin/push/notices (publish:content): asks for a notice; the item's pending one in that language, if any, takes the new message instead. */
export const PushNoticeRequestSchema = z
  .object({ kind: z.enum(NOTICE_KINDS), itemId: z.number().int().positive(), language: LanguageCodeSchema, message: PushMessageSchema })
  .strict();
export type PushNoticeRequest = z.infer<typeof PushNoticeRequestSchema>;

export const PushNoticeSchema = z.object({
  id: z.number().int().positive(),
  createdAt: z.string(),
  requestedBy: z.string().nullable(),
  kind: z.enum(NOTICE_KINDS),
  itemId: z.number().int().positive(),
  language: LanguageCodeSchema,
  message: PushMessageSchema,
  status: z.enum(NOTICE_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The notification it was sent as, once approved. */
  notificationId: z.number().int().positive().nullable(),
  /** The browsers of source 3 in its language now. */
  recipients: z.number().int().min(0),
});
export type PushNotice = z.infer<typeof PushNoticeSchema>;
export const PushNoticeAnswerSchema = itemOf(z.object({ notice: PushNoticeSchema, created: z.boolean() }));
/** GET admin/push/notices (send:notification): the pending notices, oldest first. */
export const PushNoticesSchema = listOf(PushNoticeSchema);
/** POST admin/push/notices/:id/approve (send:notification): the title and text as the notification admin left them; the link stays the item's. */
export const PushNoticeApproveSchema = PushMessageSchema.pick({ title: true, body: true }).strict();
/** Approved now or before (a second approve answers the same notification): the site queues its fan-out under its idempotent job id. */
export const PushNoticeApprovedSchema = itemOf(z.object({ notice: PushNoticeSchema, notification: PushNotificationSchema }));
export const PushNoticeRejectedSchema = itemOf(z.object({ notice: PushNoticeSchema }));
