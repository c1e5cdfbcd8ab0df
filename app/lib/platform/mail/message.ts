/** A mail as the outbox keeps it and /admin/mail shows it: everything sent, nothing added later. */
export interface MailMessage {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  /**
   * An HTML part beside the text (multipart/alternative): bulletins only (ADR 057 amended), made from
   * the sanitized body in an inline-styled layout. /admin/mail shows it as source, never renders it.
   */
  html?: string;
  /** The same for every try, so a mail sent twice (an answer lost after the server took it) reads as one. */
  messageId: string;
  /** Extra headers sent as they are. */
  headers: Record<string, string>;
  /** What the mail is: the list's column. */
  purpose: "lead-alert" | "password-reset" | "overdue-digest" | "newsletter-confirmation" | "bulletin" | "bulletin-test";
  /** The recipient's language (staff: en or tr; a visitor: the site's five). */
  lang: string;
}

/** The start of every alert mail's id about one lead: what erasing the lead erases (`lead-alert:42:`). */
export const leadAlertPrefix = (leadId: number) => `lead-alert:${leadId}:`;

/**
 * The start of every newsletter mail's id to one address (`newsletter:<hash>:`): what unsubscribing
 * and erasing the address erase. A hash, not the address, since ids are logged.
 */
export const newsletterMailPrefix = (addressDigest: string) => `newsletter:${addressDigest.slice(0, 24)}:`;

/** Every mail of one bulletin to its list (`bulletin:7:<address hash>`): one per address, so a retry or a second instance makes no second mail. */
export const bulletinMailPrefix = (bulletinId: number) => `bulletin:${bulletinId}:`;
/** The end of a bulletin mail's id: the address's hash, as in newsletterMailPrefix (what unsubscribing erases). */
export const bulletinMailSuffix = (addressDigest: string) => `:${addressDigest.slice(0, 24)}`;
