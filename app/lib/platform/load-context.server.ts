import type { Staff, StaffSessions } from "~/lib/admin/sessions.server";
import type { ApiClient } from "~/lib/platform/api/client.server";
import type { StaffApi } from "~/lib/platform/api/staff-client.server";
import type { ContentReads } from "~/lib/platform/cache.server";
import type { Config } from "~/lib/platform/config.server";
import type { SiteCookies } from "~/lib/platform/cookies.server";
import type { FormProtection } from "~/lib/forms/protection.server";
import type { Logger } from "~/lib/platform/logger.server";
import type { Outbox } from "~/lib/platform/outbox/outbox.server";
import type { Mailer } from "~/lib/platform/mail/mailer.server";
import type { PageCache } from "~/lib/render/page-cache.server";
import type { ChangeFeed } from "~/lib/platform/shared/changes.server";
import type { DownloadCounter } from "~/lib/platform/download-counter.server";
import type { BrowserErrors } from "~/lib/platform/errors/browser-errors.server";
import type { EventQueue } from "~/lib/analytics/event-queue.server";
import type { FormEvent } from "~/lib/platform/api/form-funnels-contract";
import type { Newsletter } from "~/lib/newsletter/newsletter.server";
import type { Bulletins } from "~/lib/bulletins/bulletins.server";
import type { PushJobs } from "~/lib/push/push-jobs.server";

/**
 * What server.ts gives each request's load context (services.server.ts `forRequest` makes it): the
 * request's own values, the configuration pages show and the process's services, all made before
 * Remix runs. The Remix handler adds `crossSite` and `refusal`; the whole is Remix's
 * `AppLoadContext` (remix.env.d.ts), which every loader, action and entry.server receive.
 *
 * Data flows one way (ADR 034): loaders and actions read from here and answer with their data and
 * headers; nothing here is a place to leave something for the render or the server to read later.
 * The page cache learns what it needs from the answer itself (http/keep-page.server.ts), and the
 * render reads a list it keeps out of the loader data from the request's content reads
 * (`content.answered`, html-only.tsx).
 */
export interface SiteContext {
  /** The response's CSP nonce. */
  cspNonce: string;
  /** What pages show of the configuration server.ts parsed (config.server.ts); its secrets are only in the services below. */
  config: Pick<Config, "siteUrl" | "analytics">;
  /** The site's cookies, made with the configuration's `Secure` and form secret (cookies.server.ts). */
  cookies: SiteCookies;
  /** CSRF tokens and form stamps (forms/protection.server.ts): one per process, so a stamp is used once. */
  forms: Pick<FormProtection, "csrf" | "values" | "check" | "claim" | "release" | "filledInSeconds">;
  /** This request's content reads (the API behind the content cache). */
  content: ContentReads;
  /** Uploaded images' variants, read straight from the API (routes/resources/media.ts): browsers keep them, not this server. */
  media: Pick<ApiClient, "media" | "pageFile">;
  /** Where an accepted lead is stored before the visitor sees success. */
  outbox: Pick<Outbox, "enqueue">;
  /**
   * The kept pages: dropped all when the settings change, and those a content change touches when
   * content is published (content-freshness.server.ts). Pages are kept by the server, from Remix's answer.
   */
  pageCache: Pick<PageCache, "clear" | "drop">;
  /** Tells the other instances what a change saved here made stale (shared/changes.server.ts); nobody without Redis. */
  changes: Pick<ChangeFeed, "announce">;
  logger: Logger;
  /** The client's address as express judged it (`trust proxy`): the identity API slows an address that keeps failing. */
  clientIp: string;
  /** The signed-in staff member of an /admin request (server.ts reads the session), else null. */
  staff: Staff | null;
  /** Sign-in and sign-out (the back office's session cookie), and the cookie that drops a session the API stopped taking. */
  staffSessions: Pick<StaffSessions, "signIn" | "signOut" | "ended" | "pending" | "signInCode" | "setup" | "clearedPending">;
  /** The admin endpoints, as a given staff member (`staffApi.as(staff.token)`). */
  staffApi: Pick<StaffApi, "as" | "requestPasswordReset" | "usePasswordReset">;
  /** This instance's lead outbox, as the back office's delivery page sees and works it. */
  outboxAdmin: Pick<Outbox, "stats" | "rejectedLeads" | "refusedLead" | "sendAgain" | "discard" | "retentionDays" | "engine">;
  /** The site's mail (mail/mailer.server.ts): a password-reset link's mail. */
  mail: Pick<Mailer, "passwordReset" | "sends">;
  /** The mail the outbox sent or kept (/admin/mail), and erasing the mail about a lead. */
  mailbox: Pick<Outbox, "mail" | "mailOne" | "mailAbout" | "eraseMailAbout" | "retentionDays">;
  /** Counts a download of a document at the API, without waiting for it (routes/resources/document.ts, ADR 052). */
  downloads: DownloadCounter;
  /** Browser error reports, scrubbed and resolved through this build's source maps, to the API (ADR 051); the build's release. */
  browserErrors: BrowserErrors;
  /** First-party page views on their way to the API, in batches (ADR 050). */
  analytics: Pick<EventQueue, "enqueue">;
  /** What visitors who allowed analytics do with the lead forms, on its way to the API (ADR 054). */
  formEvents: Pick<EventQueue<FormEvent>, "enqueue">;
  /** Newsletter sign-ups with double opt-in, preferences and one-click unsubscribe (ADR 056). */
  newsletter: Newsletter;
  /** Bulletins' mail: a test to oneself, the send job, the counts (ADR 057). */
  bulletins: Bulletins;
  /** MAIL_WEBHOOK_SECRET: the mail service's reports are taken only signed with it; null: the webhook is off. */
  mailWebhookSecret: string | null;
  /** Web push (ADR 058): queueing a notification, and the public key browsers subscribe with. */
  push: Pick<PushJobs, "enqueue" | "publicKey" | "allowLoopback" | "subscribe" | "unsubscribe">;
}
