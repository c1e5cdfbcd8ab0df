import { randomUUID } from "node:crypto";
import type { ApiClient } from "~/lib/platform/api/client.server";
import { LeadAlertSchema, MailDigestSchema, PASSWORD_RESET_MINUTES, type LeadAlert, type MailDigest } from "~/lib/platform/api/mail-contract";
import type { Logger } from "~/lib/platform/logger.server";
import { leadAlertPrefix, type MailMessage } from "~/lib/platform/mail/message";
import type { MailTransport } from "~/lib/platform/mail/transport.server";
import type { Outbox, OutboxJobs } from "~/lib/platform/outbox/outbox.server";
import { staffDateTime } from "~/lib/admin/staff-time";
import i18next from "~/lib/render/i18next.server";

export interface MailerOptions {
  outbox: Pick<Outbox, "enqueueJob">;
  api: Pick<ApiClient, "postJson">;
  transport: MailTransport;
  /** The site's public origin (SITE_URL, as canonical links use): links in mail must work from a mailbox. */
  siteUrl: string;
  from: string | undefined;
  replyTo: string | undefined;
  logger: Logger;
}

/** A clinic day's digest job in the outbox (its mail: `digest:<day>:<user>`). */
export const digestJobId = (day: string) => `digest-job:${day}`;

/** An id as a Message-ID's left part allows (letters, digits, dots, dashes). */
const messageIdOf = (id: string, siteUrl: string) => `<${id.replace(/[^A-Za-z0-9.-]/g, ".")}@${new URL(siteUrl).hostname}>`;

/**
 * The site's mail: written in the recipient's language when it is made, stored as an outbox job
 * (its id is its idempotency key), sent over SMTP by the delivery loop, or kept when there is none.
 */
export function createMailer(options: MailerOptions) {
  const { outbox, transport, siteUrl, logger } = options;
  const from = options.from ?? `no-reply@${new URL(siteUrl).hostname}`;

  /** `headers` are added to the mail's own (a bulletin's unsubscribe headers); `dueAt` holds it back until then (a bulletin's rate). */
  async function enqueue(
    id: string,
    mail: Pick<MailMessage, "to" | "subject" | "text" | "html" | "purpose" | "lang">,
    { headers = {}, dueAt }: { headers?: Record<string, string>; dueAt?: number } = {},
  ) {
    const message: MailMessage = {
      ...mail,
      from,
      replyTo: options.replyTo ?? null,
      messageId: messageIdOf(id, siteUrl),
      // Out-of-office replies and the like are not sent back to an automatic mail (RFC 3834).
      headers: { "Auto-Submitted": "auto-generated", ...headers },
    };
    return outbox.enqueueJob({ id, kind: "mail", lang: mail.lang, payload: message, dueAt });
  }

  /** One mail per recipient, each in their language, with no patient data: mail in other mailboxes cannot be erased. */
  async function alertMail(alert: LeadAlert) {
    const { lead } = alert;
    if (!lead) return;
    for (const person of alert.recipients) {
      const t = await i18next.getFixedT(person.language, "admin");
      const kind = t(`kinds.${lead.kind}`);
      const values = {
        kind,
        language: t(`siteLanguages.${lead.language}`),
        time: staffDateTime(person.language, lead.receivedAt),
        link: `${siteUrl}/admin/leads/${lead.id}`,
      };
      // The lead's id in the job's id: erasing the lead erases its alerts (outbox.eraseMailAbout).
      await enqueue(`${leadAlertPrefix(lead.id)}${person.id}`, {
        to: person.email,
        subject: t("mail.alert.subject", values),
        text: t("mail.alert.body", values),
        purpose: "lead-alert",
        lang: person.language,
      });
    }
  }

  /** A clinic day's digest: one mail per person with overdue follow-ups, counts and a link only. */
  async function digestMail(day: string, digest: MailDigest) {
    for (const person of digest.recipients) {
      const t = await i18next.getFixedT(person.language, "admin");
      const link = `${siteUrl}/admin/leads?view=overdue`;
      const lines = [
        person.overdue > 0 ? t("mail.digest.yours", { count: person.overdue }) : null,
        person.unassigned > 0 ? t("mail.digest.unassigned", { count: person.unassigned }) : null,
      ].filter(Boolean);
      await enqueue(`digest:${day}:${person.id}`, {
        to: person.email,
        subject: t("mail.digest.subject", { count: person.overdue + person.unassigned }),
        text: t("mail.digest.body", { counts: lines.join("\n"), link }),
        purpose: "overdue-digest",
        lang: person.language,
      });
    }
  }

  const jobs: OutboxJobs = {
    async mail(row) {
      if (!transport.sends) return "kept";
      await transport.send(JSON.parse(row.payload) as MailMessage);
      return "sent";
    },
    isMailRefused: (error) => transport.isRefused(error),
    async leadAlert(row) {
      const leadKey = row.id.slice(row.id.indexOf(":") + 1);
      const alert = await options.api.postJson("leadAlerts", { idempotencyKey: leadKey }, LeadAlertSchema);
      await alertMail(alert.result);
      if (alert.result.lead) logger.info({ lead: alert.result.lead.id, recipients: alert.result.recipients.length }, "mail: lead alert made");
    },
    async digest(row) {
      const { day, claim } = JSON.parse(row.payload) as { day: string; claim: string };
      const digest = (await options.api.postJson("mailDigests", { day, claim }, MailDigestSchema)).result;
      await digestMail(day, digest);
      logger.info(
        { day, made: digest.mine, recipients: digest.recipients.length },
        digest.mine ? "mail: overdue digest made" : "mail: overdue digest made elsewhere",
      );
    },
  };

  return {
    jobs,
    /**
     * Stores the clinic day's digest job unless this outbox has it (false then). Its random claim is
     * stored with it, so a retry asks the API as the same claimant.
     */
    enqueueDigest: (day: string) => outbox.enqueueJob({ id: digestJobId(day), kind: "digest", lang: "en", payload: { day, claim: randomUUID() } }),
    /** A mail already written (a newsletter's confirmation, ADR 056), stored as an outbox job under `id`. */
    enqueue,
    /** Whether mail leaves the site (SMTP_URL) or is only kept at /admin/mail. */
    sends: transport.sends,
    /** The reset link's mail, in the staff member's language. */
    async passwordReset(mail: { token: string; email: string; language: string; expiresAt: string }) {
      const t = await i18next.getFixedT(mail.language, "admin");
      const values = {
        link: `${siteUrl}/admin/sign-in/reset/${mail.token}`,
        time: staffDateTime(mail.language, mail.expiresAt),
        minutes: PASSWORD_RESET_MINUTES,
      };
      await enqueue(`password-reset:${randomUUID()}`, {
        to: mail.email,
        subject: t("mail.reset.subject"),
        text: t("mail.reset.body", values),
        purpose: "password-reset",
        lang: mail.language,
      });
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
