import { z } from "zod";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import { DEFAULT_PUSH_SOURCE, PushMessageSchema, PushSourceIdSchema, type PushMessage } from "~/lib/platform/api/push-contract";
import type { Lang } from "~/lib/platform/api/content-contract";

/*
 * The send page's form (ADR 058), for the action and the component alike: a source, and a title,
 * text and link per language. A language left empty is not sent to; one begun must be complete.
 * Messages are keys: shared ones under forms.errors, the page's own as full keys.
 */
const optional = (max: number) => z.string().trim().max(max, "tooLong").optional();
const LanguageFields = z.object({ title: optional(80), body: optional(200), link: optional(300) }).optional();

export const SendNotificationSchema = z
  .object({
    intent: z.enum(["preview", "send"]),
    source: PushSourceIdSchema.default(DEFAULT_PUSH_SOURCE),
    messages: z.object(Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, LanguageFields])) as Record<Lang, typeof LanguageFields>).default({}),
  })
  .superRefine((form, ctx) => {
    let begun = 0;
    for (const lang of LANGUAGE_CODES) {
      const fields = form.messages[lang];
      if (!fields || (!fields.title && !fields.body && !fields.link)) continue;
      begun += 1;
      for (const key of ["title", "body", "link"] as const) {
        if (!fields[key]) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["messages", lang, key], message: "required" });
      }
      if (fields.link && !PushMessageSchema.shape.link.safeParse(fields.link).success) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["messages", lang, "link"], message: "admin:notifications.errors.link" });
      }
    }
    if (begun === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: "admin:notifications.errors.noLanguage" });
  });
export type SendNotificationForm = z.infer<typeof SendNotificationSchema>;

/** The complete languages' messages, as the API takes them. */
export function messagesOf(form: SendNotificationForm): Partial<Record<Lang, PushMessage>> {
  const messages: Partial<Record<Lang, PushMessage>> = {};
  for (const lang of LANGUAGE_CODES) {
    const fields = form.messages[lang];
    if (fields?.title && fields.body && fields.link) messages[lang] = { title: fields.title, body: fields.body, link: fields.link };
  }
  return messages;
}

/*
 * A pending notice's form (ADR 059): Approve with the title and text as the notification admin left
 * them (both needed), or Reject (neither read). The id names the notice; the link stays the item's.
 */
export const NoticeDecisionSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    intent: z.enum(["approve", "reject"]),
    title: optional(80),
    body: optional(200),
  })
  .superRefine((form, ctx) => {
    if (form.intent !== "approve") return;
    for (const key of ["title", "body"] as const) {
      if (!form[key]) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: "required" });
    }
  });
