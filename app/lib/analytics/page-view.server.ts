import Bowser from "bowser";
import { parse } from "cookie";
import { isbot } from "isbot";
import { z } from "zod";
import { SESSION_COOKIE } from "~/lib/admin/sessions.server";
import { SCREEN_CLASSES, VisitIdSchema, type AnalyticsEvent } from "~/lib/platform/api/analytics-contract";
import type { SiteCookies } from "~/lib/platform/cookies.server";
import { readConsentCookie } from "~/lib/site/consent.server";
import { languageOfPath, routeAtUrlPath } from "~/lib/site/route-table";
import { formOfPath } from "./form-of-page";

/**
 * What a page view carries (ADR 050), made here from the beacon's few fields (with JavaScript) or
 * the pixel's address (without) and the request's own headers. The visitor id is the consent
 * cookie's, read on every event, so a visitor who rejects or resets consent is not recorded from
 * their next page on; one sent in the body is never asked for.
 */

/** What the beacon sends (page-view-reporter.tsx): the page's address, where the visitor came from, the tab's visit and the screen's size. */
export const BeaconSchema = z.object({
  url: z.string().startsWith("/").max(1000),
  referrer: z.string().max(1000).default(""),
  visit: VisitIdSchema.default(null),
  screen: z.enum(SCREEN_CLASSES).nullable().default(null),
});
export type Beacon = z.infer<typeof BeaconSchema>;

/** Why nothing was recorded: each is an ordinary answer (204), not an error. */
export type NotRecorded = "noConsent" | "bot" | "staff" | "notAPage";

const UTM = ["utm_source", "utm_medium", "utm_campaign"] as const;

function deviceOf(parsed: Bowser.Parser.ParsedResult): AnalyticsEvent["device"] {
  const type = parsed.platform.type;
  return type === "desktop" || type === "mobile" || type === "tablet" ? type : "other";
}

/** The referrer's host name, none for this site's own pages or anything that is not an http(s) address. */
function referrerDomain(referrer: string, ownHost: string | null): string | null {
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase();
    return host === ownHost ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}

const utmValue = (value: string | null) => (value ? value.trim().slice(0, 100) || null : null);

/** The visitor's id when they allowed performance and analysis cookies; null otherwise. */
export async function consentedVisitor(cookies: SiteCookies, cookieHeader: string | null): Promise<string | null> {
  const consent = await readConsentCookie(cookies.consent, cookieHeader);
  return consent?.performanceAndAnalysisCookies && consent.clientId ? consent.clientId : null;
}

/** The visitor an event is recorded for: one who allowed analytics, neither a bot nor signed-in staff; or why there is none. */
export async function visitorOf(request: Request, cookies: SiteCookies): Promise<{ visitorId: string } | { skipped: NotRecorded }> {
  const cookieHeader = request.headers.get("Cookie");
  if (isbot(request.headers.get("User-Agent") ?? "")) return { skipped: "bot" };
  // Staff are no visitors; the session's presence is enough, it need not be confirmed with the API.
  if (cookieHeader && parse(cookieHeader)[SESSION_COOKIE]) return { skipped: "staff" };
  const visitorId = await consentedVisitor(cookies, cookieHeader);
  return visitorId ? { visitorId } : { skipped: "noConsent" };
}

/** A page view to record, or why there is none. */
export async function pageView(
  request: Request,
  cookies: SiteCookies,
  beacon: Beacon,
  now = new Date(),
): Promise<{ event: AnalyticsEvent } | { skipped: NotRecorded }> {
  const visitor = await visitorOf(request, cookies);
  if ("skipped" in visitor) return visitor;
  const { visitorId } = visitor;
  const userAgent = request.headers.get("User-Agent") ?? "";
  const url = new URL(beacon.url, "http://site.invalid");
  const lang = languageOfPath(url.pathname);
  // Only the site's own pages: a forged path would fill the tables with whatever it likes.
  if (!lang || !routeAtUrlPath(url.pathname)) return { skipped: "notAPage" };
  const parsed = Bowser.parse(userAgent);
  return {
    event: {
      visitorId,
      visitId: beacon.visit,
      at: now.toISOString(),
      path: url.pathname.slice(0, 300),
      lang,
      referrer: beacon.referrer ? referrerDomain(beacon.referrer, new URL(request.url).hostname.toLowerCase()) : null,
      utmSource: utmValue(url.searchParams.get(UTM[0])),
      utmMedium: utmValue(url.searchParams.get(UTM[1])),
      utmCampaign: utmValue(url.searchParams.get(UTM[2])),
      device: deviceOf(parsed),
      browser: (parsed.browser.name ?? "Other").slice(0, 40),
      screen: beacon.screen,
      form: formOfPath(url.pathname)?.kind ?? null,
    },
  };
}
