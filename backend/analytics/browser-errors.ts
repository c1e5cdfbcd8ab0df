import express from "express";
import {
  BrowserErrorReportSchema,
  BrowserErrorResolutionSchema,
  BrowserErrorsQuerySchema,
  FINGERPRINT,
  type BrowserErrorGroup,
} from "../../app/lib/platform/api/browser-errors-contract";
import { callerOf, requireStaff } from "../auth/require-staff";
import { nextDay } from "../clinic-days";
import { fail, item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import { BROWSER_ERROR_RETENTION_DAYS, createBrowserErrorStore } from "./browser-error-store";

const DAY = 86_400_000;
/** A period is at most a year, as the other figures'. */
const MAX_DAYS = 366;
/** Groups listed for a period, the most reported first: the rest are the long tail nobody reads. */
const MAX_GROUPS = 100;
/** Browsers, pages and releases listed per group. */
const MAX_TALLY = 8;

type Tally = { key: string; count: number };

/** POST analytics/errors (client token): one report the site scrubbed, resolved and fingerprinted. */
export function createBrowserErrorIntakeRouter(services: StaffServices) {
  const store = createBrowserErrorStore(services.db, services.clock);
  const router = express.Router();
  router.post("/analytics/errors", express.json({ limit: "32kb" }), (req, res) => {
    const report = parseOr400(BrowserErrorReportSchema, req.body, res);
    if (!report) return;
    res.status(202).json(item({ stored: store.record(report) }));
  });
  return router;
}

/** admin/analytics/errors (read:dashboard): the groups of a period, and marking one resolved or open. */
export function createBrowserErrorsAdminRouter(services: StaffServices, onUnauthorized?: () => void) {
  const { db } = services;
  const store = createBrowserErrorStore(db, services.clock);
  const router = express.Router();
  const allowed = requireStaff(services, "read:dashboard", onUnauthorized);
  const groupsOf = db.prepare(
    `SELECT g.fingerprint, g.type, g.message, g.top_frame, g.first_seen, g.last_seen, g.total, g.resolved_at, g.resolved_release,
            u.name AS resolved_by, SUM(c.count) AS count
       FROM browser_error_days c JOIN browser_error_groups g ON g.fingerprint = c.fingerprint LEFT JOIN users u ON u.id = g.resolved_by
      WHERE c.day >= ? AND c.day <= ?
      GROUP BY g.fingerprint ORDER BY g.resolved_at IS NOT NULL, count DESC, g.last_seen DESC LIMIT ${MAX_GROUPS}`,
  );
  const tally = (column: "browser" | "page" | "release") =>
    db.prepare(
      `SELECT ${column} AS key, SUM(count) AS count FROM browser_error_counts
        WHERE fingerprint = ? AND day >= ? AND day <= ? GROUP BY ${column} ORDER BY count DESC, key LIMIT ${MAX_TALLY}`,
    );
  const tallies = { browsers: tally("browser"), pages: tally("page"), releases: tally("release") };
  const sampleOf = db.prepare("SELECT at, release, browser, page, frames FROM browser_error_samples WHERE fingerprint = ? ORDER BY id DESC LIMIT 1");
  const perDay = db.prepare("SELECT day, SUM(count) AS count FROM browser_error_days WHERE day >= ? AND day <= ? GROUP BY day");

  router.get("/analytics/errors", allowed, (req, res) => {
    const query = parseOr400(BrowserErrorsQuerySchema, req.query, res);
    if (!query) return;
    const span = (Date.parse(query.to) - Date.parse(query.from)) / DAY;
    if (!(span >= 0 && span < MAX_DAYS)) return fail(res, 400, "period", "from");
    const { from, to } = query;
    const rows = groupsOf.all(from, to) as {
      fingerprint: string;
      type: string;
      message: string;
      top_frame: string;
      first_seen: string;
      last_seen: string;
      total: number;
      resolved_at: string | null;
      resolved_release: string | null;
      resolved_by: string | null;
      count: number;
    }[];
    const groups: BrowserErrorGroup[] = rows.map((row) => {
      const sample = sampleOf.get(row.fingerprint) as { at: string; release: string; browser: string; page: string; frames: string } | undefined;
      return {
        fingerprint: row.fingerprint,
        type: row.type,
        message: row.message,
        topFrame: row.top_frame,
        count: row.count,
        total: row.total,
        firstSeen: row.first_seen,
        lastSeen: row.last_seen,
        resolved: row.resolved_at ? { at: row.resolved_at, release: row.resolved_release ?? "", by: row.resolved_by } : null,
        browsers: tallies.browsers.all(row.fingerprint, from, to) as Tally[],
        pages: tallies.pages.all(row.fingerprint, from, to) as Tally[],
        releases: tallies.releases.all(row.fingerprint, from, to) as Tally[],
        sample: sample ? { ...sample, frames: JSON.parse(sample.frames) } : null,
      };
    });
    const counted = new Map((perDay.all(from, to) as { day: string; count: number }[]).map((d) => [d.day, d.count]));
    const days: { day: string; count: number }[] = [];
    for (let day = from; day <= to; day = nextDay(day)) days.push({ day, count: counted.get(day) ?? 0 });
    res.json(item({ groups, days, retentionDays: BROWSER_ERROR_RETENTION_DAYS }));
  });

  router.post("/analytics/errors/:fingerprint/resolution", allowed, express.json({ limit: "1kb" }), (req, res) => {
    const body = parseOr400(BrowserErrorResolutionSchema, req.body, res);
    if (!body) return;
    const fingerprint = req.params.fingerprint;
    if (!FINGERPRINT.test(fingerprint) || !store.setResolved(fingerprint, body.resolved, callerOf(res).id)) return fail(res, 404, "Not found");
    res.status(204).end();
  });
  return router;
}
