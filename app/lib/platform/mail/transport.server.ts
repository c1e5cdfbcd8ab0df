import type { Logger } from "~/lib/platform/logger.server";
import type { MailMessage } from "~/lib/platform/mail/message";

export interface MailTransport {
  /** False without SMTP_URL: mail is kept at /admin/mail and not sent. */
  readonly sends: boolean;
  send(message: MailMessage): Promise<void>;
  /** The SMTP server refused the message for good (a 5xx answer): retrying cannot help. */
  isRefused(error: unknown): boolean;
  close(): void;
}

/**
 * SMTP through nodemailer, loaded on the first mail (most processes send none for hours: the
 * library stays out of memory until then). One pooled connection, reused between mails.
 */
export function createMailTransport(smtpUrl: string | undefined, logger: Logger): MailTransport {
  type Transporter = import("nodemailer").Transporter;
  let transporter: Promise<Transporter> | null = null;
  const open = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1, connectionTimeout: 10_000, socketTimeout: 30_000 } as never),
    ));
  return {
    sends: Boolean(smtpUrl),
    async send(message) {
      if (!smtpUrl) throw new Error("no SMTP_URL");
      const smtp = await open();
      const info = await smtp.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: message.messageId,
        headers: message.headers,
      });
      logger.info({ messageId: message.messageId, response: info.response }, "mail: sent");
    },
    isRefused: (error) => {
      const code = (error as { responseCode?: unknown }).responseCode;
      return typeof code === "number" && code >= 500 && code < 600;
    },
    close() {
      void transporter?.then((smtp) => smtp.close());
    },
  };
}
