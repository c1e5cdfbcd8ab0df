import type { Staff, StaffSessions } from "~/lib/admin/sessions.server";
import type { ApiClient } from "~/lib/api/client.server";
import type { StaffApi } from "~/lib/api/staff-client.server";
import type { ContentReads } from "~/lib/cache.server";
import type { HtmlOnly } from "~/lib/html-only";
import type { Logger } from "~/lib/logger.server";
import type { Outbox } from "~/lib/outbox/outbox.server";
import type { FormValues } from "~/lib/forms/protection.server";
import type { PageCache } from "~/lib/page-cache.server";

/**
 * What server.ts gives each request's load context (services.server.ts makes it): the request's
 * own values and the process's services. The Remix handler adds `crossSite`; the whole is Remix's
 * `AppLoadContext` (remix.env.d.ts), which every loader, action and entry.server receive.
 */
export interface SiteContext {
  /** The response's CSP nonce. */
  cspNonce: string;
  /** This request's content reads (the API behind the content cache); notes whether one failed. */
  content: ContentReads;
  /** Uploaded images' variants, read straight from the API (routes/resources/media.ts): browsers keep them, not this server. */
  media: Pick<ApiClient, "media">;
  /** Where an accepted lead is stored before the visitor sees success. */
  outbox: Pick<Outbox, "enqueue">;
  /**
   * Keeps a rendered page for the next visitors of its variant (entry.server); drops them all when the
   * settings change, and those a content change touches when content is published (content-freshness.server.ts).
   */
  pageCache: Pick<PageCache, "keep" | "clear" | "drop">;
  /**
   * What this request's render was: `personal` once a loader put something of this visitor's own
   * in the page (the back office), so the page cache never hands it to another; `form` when a form
   * page put the visitor's token and stamp in it, which a kept copy swaps for the next visitor's.
   */
  render: { personal: boolean; form?: FormValues };
  logger: Logger;
  /** What this request's loaders and actions leave for the server's render only (html-only.tsx). */
  htmlOnly: HtmlOnly;
  /** The client's address as express judged it (`trust proxy`): the identity API slows an address that keeps failing. */
  clientIp: string;
  /** The signed-in staff member of an /admin request (server.ts reads the session), else null. */
  staff: Staff | null;
  /** Sign-in and sign-out (the back office's session cookie). */
  staffSessions: Pick<StaffSessions, "signIn" | "signOut">;
  /** The admin endpoints, as a given staff member (`staffApi.as(staff.token)`). */
  staffApi: Pick<StaffApi, "as">;
  /** This instance's lead outbox, as the back office's delivery page sees and works it. */
  outboxAdmin: Pick<Outbox, "stats" | "rejectedLeads" | "refusedLead" | "sendAgain" | "discard" | "retentionDays">;
}
