import { parse } from "cookie";
import { SESSION_COOKIE } from "~/lib/admin/sessions.server";
import { consentedVisitor } from "~/lib/analytics/page-view.server";
import { VisitorIdSchema } from "~/lib/platform/api/contract";
import type { SiteCookies } from "~/lib/platform/cookies.server";
import type { Lead } from "~/lib/platform/outbox/outbox.server";

/**
 * The lead with its sender's visitor id (ADR 055), so the API can link it to their page views: only
 * when they allowed performance and analysis cookies, read from the consent cookie on the server
 * (never from the form), and never from a signed-in staff member, whose views are not recorded either.
 * An id the contract would refuse (a forged cookie) is left out rather than costing the lead.
 */
export async function withVisitor(lead: Lead, request: Request, cookies: SiteCookies): Promise<Lead> {
  const cookieHeader = request.headers.get("Cookie");
  if (cookieHeader && parse(cookieHeader)[SESSION_COOKIE]) return lead;
  const visitorId = VisitorIdSchema.safeParse(await consentedVisitor(cookies, cookieHeader));
  return visitorId.success ? ({ ...lead, payload: { ...lead.payload, visitorId: visitorId.data } } as Lead) : lead;
}
