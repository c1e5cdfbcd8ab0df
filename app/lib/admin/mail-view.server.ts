import { staffDateTime } from "~/lib/admin/staff-time";
import type { MailMessage } from "~/lib/platform/mail/message";
import type { MailRow } from "~/lib/platform/outbox/store.server";

/** The four states /admin/mail names: kept / waiting / sent / failed. */
const STATUSES = new Set(["pending", "sent", "kept", "failed"]);

/** A mail job as the back office shows it, its times on the clinic's clock in the reader's language. */
export function mailView(row: MailRow, lang: string) {
  const message = JSON.parse(row.payload) as MailMessage;
  return {
    id: row.id,
    to: message.to,
    from: message.from,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    messageId: message.messageId,
    headers: message.headers,
    purpose: message.purpose,
    lang: message.lang,
    status: STATUSES.has(row.status) ? row.status : "pending",
    attempts: row.attempts,
    createdAt: new Date(row.created_at).toISOString(),
    created: staffDateTime(lang, new Date(row.created_at).toISOString()),
    finished: row.delivered_at === null ? null : staffDateTime(lang, new Date(row.delivered_at).toISOString()),
    error: row.last_error,
  };
}

/** A mail's HTML part, for its own page only (the list would carry every one): shown as source, never rendered. */
export const mailHtmlOf = (row: MailRow) => (JSON.parse(row.payload) as MailMessage).html ?? null;
