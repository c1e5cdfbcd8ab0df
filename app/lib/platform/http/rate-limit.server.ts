import { parse } from "cookie";
import type { Request, RequestHandler } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import { ANALYTICS_EVENT_PATH, ANALYTICS_PIXEL_PATH } from "~/lib/analytics/paths";
import { CONSENT_COOKIE } from "~/lib/platform/cookies.server";
import { plainPage } from "~/lib/platform/http/plain-page.server";
import { isDataPost, passRefusal } from "~/lib/platform/http/refusal.server";
import { ERROR_REPORT_PATH } from "~/lib/site/browser-error-path";
import { MAIL_OPEN_PATH } from "~/lib/bulletins/mail-open-path";

export interface RateLimitOptions {
  /** Requests per minute per client IP for pages and data. */
  perMinute: number;
  /** Form submissions (any method but GET/HEAD/OPTIONS) per minute per client IP. */
  postsPerMinute: number;
  /** Browser error reports (ADR 051) per minute per client IP: not form posts, so counted apart from them. */
  errorReportsPerMinute: number;
  /** Page views (the analytics beacon and pixel) per minute per client IP, and per visitor (their consent cookie). */
  analyticsPerMinute: number;
  /** A shared store per limiter (Redis, shared/rate-limit-store.server.ts) when several instances serve one site; memory otherwise. */
  store?: (name: "pages" | "posts" | "errors" | "analytics-ip" | "analytics-visitor") => Store;
}

const EXEMPT = new Set(["/healthz", "/readyz", "/metrics"]);
const isRead = (req: Request) => req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS";
/**
 * Staff working leads post far more often than a visitor sends a form; their posts need a session
 * (checked by every action) and count towards the first tier. Signing in stays in the strict tier.
 */
const isStaffWork = (req: Request) => req.path.startsWith("/admin/") && !req.path.startsWith("/admin/sign-in");
const isErrorReport = (req: Request) => req.method === "POST" && req.path === ERROR_REPORT_PATH;
/** A page view sent by a page, or a bulletin's open pixel (ADR 057 amended): not a form, so counted by the analytics tiers, not the posts tier. */
const isPageView = (req: Request) => req.path === ANALYTICS_EVENT_PATH || req.path === ANALYTICS_PIXEL_PATH || req.path.startsWith(MAIL_OPEN_PATH);
/** The visitor a page view is for: their consent cookie as sent (no cookie, nothing is recorded, so not limited here). */
const visitorKey = (req: Request) => (req.headers.cookie ? parse(req.headers.cookie)[CONSENT_COOKIE] : undefined);

/** Tiers by client IP (req.ip, so `trust proxy` decides what that is): all requests, form posts, error reports, and page views (also per visitor). */
export function rateLimits({ perMinute, postsPerMinute, errorReportsPerMinute, analyticsPerMinute, store }: RateLimitOptions): RequestHandler[] {
  const common = {
    windowMs: 60_000,
    standardHeaders: "draft-7" as const,
    legacyHeaders: false,
    handler: ((req, res, next) => {
      // A form posted with JavaScript shows the reason itself (refusal.server.ts); the action stores nothing.
      if (isDataPost(req)) return (passRefusal(res, "rateLimited"), next());
      res.status(429).type("html").send(plainPage(req.path, "rateLimited"));
    }) as RequestHandler,
  };
  return [
    rateLimit({ ...common, limit: perMinute, skip: (req) => EXEMPT.has(req.path), store: store?.("pages") }),
    rateLimit({
      ...common,
      limit: postsPerMinute,
      skip: (req) => isRead(req) || isStaffWork(req) || isErrorReport(req) || isPageView(req),
      store: store?.("posts"),
    }),
    rateLimit({ ...common, limit: errorReportsPerMinute, skip: (req) => !isErrorReport(req), store: store?.("errors") }),
    // Page views past these are answered 429 with nothing to show: no page waits for them.
    ...(["analytics-ip", "analytics-visitor"] as const).map((name) =>
      rateLimit({
        ...common,
        limit: analyticsPerMinute,
        handler: (_req, res) => void res.status(429).set("Cache-Control", "no-store").end(),
        skip: (req) => !isPageView(req) || (name === "analytics-visitor" && !visitorKey(req)),
        ...(name === "analytics-visitor" ? { keyGenerator: (req: Request) => `visitor:${visitorKey(req)}` } : {}),
        store: store?.(name),
      }),
    ),
  ];
}
