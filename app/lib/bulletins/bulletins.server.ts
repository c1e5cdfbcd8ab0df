import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { addressDigest } from "~/lib/newsletter/address-digest.server";
import type { Newsletter } from "~/lib/newsletter/newsletter.server";
import type { ApiClient } from "~/lib/platform/api/client.server";
import { BulletinOpenAnswerSchema, BulletinRecipientsAnswerSchema, DeliveryReportAnswerSchema, type Bulletin } from "~/lib/platform/api/bulletins-contract";
import type { Logger } from "~/lib/platform/logger.server";
import type { Mailer } from "~/lib/platform/mail/mailer.server";
import { bulletinMailPrefix, bulletinMailSuffix, type MailMessage } from "~/lib/platform/mail/message";
import type { Outbox, OutboxJobs } from "~/lib/platform/outbox/outbox.server";
import i18next from "~/lib/render/i18next.server";
import { siteConfig } from "~/site-config";
import { bulletinHtml } from "./mail-html.server";
import { MAIL_OPEN_PATH } from "./mail-open-path";
import type { OpenTokens } from "./open-token.server";
import { richTextToPlain } from "./plain-text.server";

export interface BulletinsOptions {
  api: Pick<ApiClient, "postJson">;
  mailer: Pick<Mailer, "enqueue">;
  outbox: Pick<Outbox, "enqueueJob" | "mailCounts">;
  newsletter: Pick<Newsletter, "unsubscribeHeaders" | "manageUrl">;
  /** BULLETIN_MAILS_PER_MINUTE: a large list is spread over minutes, so the SMTP server is not flooded. */
  perMinute: number;
  /** The site's public origin (SITE_URL): the HTML part's links, images and pixel must work from a mailbox. */
  siteUrl: string;
  /** The open pixel's signed tokens (ADR 057 amended). */
  openTokens: Pick<OpenTokens, "make" | "read">;
  logger: Logger;
}

type Issue = Pick<Bulletin, "id" | "list" | "title" | "body"> & Partial<Pick<Bulletin, "countOpens">>;

/** The outbox job that sends a bulletin at its time: its id names the time, so a new schedule is a new job and a retry is none. */
export const bulletinJobId = (id: number, sendAt: string) => `bulletin-send:${id}:${Date.parse(sendAt)}`;

/**
 * Bulletins (ADR 057): the mail of an issue to one address, a test to oneself, and the outbox job
 * that, at the issue's time, asks the API for its list's confirmed subscribers and stores one mail
 * job each, named by the issue and the address's hash (a retry or a second instance adds none),
 * each held back to its minute of the rate.
 */
export function createBulletins({ api, mailer, outbox, newsletter, perMinute, siteUrl, openTokens, logger }: BulletinsOptions) {
  /**
   * One address's mail of an issue: the plain part and the HTML part (ADR 057 amended). The HTML
   * part has an open pixel only for an issue sent with opens counted, and only with the reader the
   * API named (a test to oneself has none); no link is rewritten.
   */
  async function mailOf(issue: Issue, email: string, purpose: MailMessage["purpose"], reader?: string) {
    const t = await i18next.getFixedT(issue.list, "common");
    const holder = { email, list: issue.list };
    const manageUrl = await newsletter.manageUrl(holder);
    const footer = t("bulletin.mail.footer", { link: manageUrl });
    const pixelUrl = issue.countOpens && reader ? `${siteUrl}${MAIL_OPEN_PATH}${openTokens.make(issue.id, reader)}` : undefined;
    const html = bulletinHtml({
      lang: issue.list,
      title: issue.title,
      body: issue.body,
      siteUrl,
      clinic: siteConfig.brand,
      footer: t("bulletin.mail.htmlFooter", { clinic: siteConfig.brand }),
      manageLabel: t("bulletin.mail.manage"),
      manageUrl,
      pixelUrl,
    });
    if (html === null) logger.warn({ bulletin: issue.id }, "bulletin: the HTML part is over its size limit, the mail goes as plain text only");
    const text = `${richTextToPlain(issue.body)}\n\n--\n${footer}`;
    const mail = { to: email, subject: issue.title, text, ...(html === null ? {} : { html }), purpose, lang: issue.list };
    return { mail, headers: await newsletter.unsubscribeHeaders(holder) };
  }

  async function send(row: { payload: string }) {
    const { id, sendAt } = JSON.parse(row.payload) as { id: number; sendAt: string };
    const startAt = Date.now();
    let after: number | null = 0;
    let index = 0;
    while (after !== null) {
      const { result }: z.infer<typeof BulletinRecipientsAnswerSchema> = await api.postJson(
        "bulletins/recipients",
        { id, sendAt, after },
        BulletinRecipientsAnswerSchema,
      );
      if (!result.bulletin) {
        logger.info({ bulletin: id }, "bulletin: no longer scheduled for this time, nothing sent");
        return;
      }
      for (const { email, reader } of result.recipients) {
        const { mail, headers } = await mailOf(result.bulletin, email, "bulletin", reader);
        const minute = Math.floor(index++ / perMinute);
        await mailer.enqueue(`${bulletinMailPrefix(id)}${bulletinMailSuffix(addressDigest(email)).slice(1)}`, mail, {
          headers,
          dueAt: startAt + minute * 60_000,
        });
      }
      after = result.next;
    }
    logger.info({ bulletin: id, recipients: index }, "bulletin: mail handed to the outbox");
  }

  const job: Required<Pick<OutboxJobs, "bulletin">> = { bulletin: send };
  return {
    job,
    /** Once the API scheduled an issue: the job that sends it at its time, kept in the outbox (shared by the instances, kept across restarts). */
    async queue(issue: Pick<Bulletin, "id" | "list" | "sendAt">) {
      if (!issue.sendAt) return;
      await outbox.enqueueJob({
        id: bulletinJobId(issue.id, issue.sendAt),
        kind: "bulletin",
        lang: issue.list,
        payload: { id: issue.id, sendAt: issue.sendAt },
        dueAt: Date.parse(issue.sendAt),
      });
    },
    /** A test to the signed-in staff member's own address, as a subscriber would get it. */
    async test(issue: Issue, email: string) {
      const { mail, headers } = await mailOf(issue, email, "bulletin-test");
      await mailer.enqueue(`bulletin-test:${issue.id}:${randomUUID()}`, mail, { headers });
    },
    /**
     * An open pixel's fetch (ADR 057 amended): false for a token forged or altered (nothing is
     * asked); otherwise the API counts it, or not when the issue was sent without counting opens.
     */
    async opened(token: string) {
      const open = openTokens.read(token);
      if (!open) return false;
      await api.postJson("bulletins/opens", open, BulletinOpenAnswerSchema);
      return true;
    },
    /** Whether a token is an open pixel's, signed by this site. */
    isOpenToken: (token: string) => openTokens.read(token) !== null,
    /** What the mail service reported of an address (the signed webhook): a complaint, or a hard bounce. */
    async report(email: string, kind: "complaint" | "bounce") {
      const { result } = await api.postJson("subscriptions/report", { email, kind }, DeliveryReportAnswerSchema);
      if (result.disabled) logger.info({ kind }, "bulletin: an address is disabled by the mail service's report");
      return result;
    },
    /** The issue's mail in the outbox: waiting, sent (or kept, without SMTP_URL) and failed. */
    async counts(id: number) {
      const by = await outbox.mailCounts(bulletinMailPrefix(id));
      return { pending: by.pending ?? 0, sent: (by.sent ?? 0) + (by.kept ?? 0), failed: by.failed ?? 0 };
    },
  };
}

export type Bulletins = ReturnType<typeof createBulletins>;
