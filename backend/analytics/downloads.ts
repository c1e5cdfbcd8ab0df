import express from "express";
import { DownloadCountSchema, type DownloadFigures } from "../../app/lib/platform/api/downloads-contract";
import { requireStaff } from "../auth/require-staff";
import { PeriodQuerySchema, clinicDayOf, daysBefore } from "../clinic-days";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

/** How long counts and visitor ids are kept, unless ANALYTICS_RETENTION_MONTHS says otherwise. */
export const DEFAULT_ANALYTICS_RETENTION_MONTHS = 13;
/** Old days are deleted at most this often: a count is one upsert, not a scan. */
const PRUNE_EVERY_MS = 3_600_000;

/** The day `months` calendar months before a `YYYY-MM-DD` day. */
function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

/** The clinic's Monday that begins a day's week (getUTCDay of a bare day is its weekday). */
const weekOf = (day: string) => daysBefore(day, (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7);

/**
 * POST analytics/downloads (client token): one download of a document, counted on the clinic's day
 * it arrives; with a visitor id (the visitor allowed analytics) the id is kept once per day too.
 */
export function createDownloadCountsRouter(services: Pick<StaffServices, "db" | "clock">, retentionMonths = DEFAULT_ANALYTICS_RETENTION_MONTHS) {
  const { db, clock } = services;
  const router = express.Router();
  const addCount = db.prepare(
    `INSERT INTO download_counts (document, language, day, consented, count) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT (document, language, day, consented) DO UPDATE SET count = count + 1`,
  );
  const addVisitor = db.prepare("INSERT OR IGNORE INTO download_visitors (document, language, day, visitor) VALUES (?, ?, ?, ?)");
  const pruneCounts = db.prepare("DELETE FROM download_counts WHERE day < ?");
  const pruneVisitors = db.prepare("DELETE FROM download_visitors WHERE day < ?");
  let prunedAt = Number.NEGATIVE_INFINITY;

  router.post("/analytics/downloads", express.json({ limit: "1kb" }), (req, res) => {
    const body = parseOr400(DownloadCountSchema, req.body, res);
    if (!body) return;
    const now = clock();
    const day = clinicDayOf(now);
    db.transaction(() => {
      addCount.run(body.document, body.language, day, body.visitorId ? 1 : 0);
      if (body.visitorId) addVisitor.run(body.document, body.language, day, body.visitorId);
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        const cutoff = monthsBefore(day, retentionMonths);
        pruneCounts.run(cutoff);
        pruneVisitors.run(cutoff);
        prunedAt = now;
      }
    })();
    res.json(item({ counted: true as const }));
  });
  return router;
}

interface Tally {
  withConsent: number;
  withoutConsent: number;
  visitors: Set<string>;
}
const tally = (): Tally => ({ withConsent: 0, withoutConsent: 0, visitors: new Set() });
const counts = ({ withConsent, withoutConsent, visitors }: Tally) => ({ withConsent, withoutConsent, visitors: visitors.size });

/** GET admin/analytics/downloads?from=&to= (read:dashboard): a period's downloads per week, document and language. */
export function createDownloadFiguresRouter(services: StaffServices, onUnauthorized?: () => void) {
  const router = express.Router();
  const countRows = services.db.prepare("SELECT document, language, day, consented, count FROM download_counts WHERE day >= ? AND day <= ?");
  const visitorRows = services.db.prepare("SELECT document, language, day, visitor FROM download_visitors WHERE day >= ? AND day <= ?");

  router.get("/analytics/downloads", requireStaff(services, "read:dashboard", onUnauthorized), (req, res) => {
    const query = parseOr400(PeriodQuerySchema, req.query, res);
    if (!query) return;
    const weeks = new Map<string, Tally>();
    const rows = new Map<string, Tally & { document: string; language: string; week: string }>();
    const at = (document: string, language: string, day: string) => {
      const week = weekOf(day);
      if (!weeks.has(week)) weeks.set(week, tally());
      const key = `${week} ${document} ${language}`;
      if (!rows.has(key)) rows.set(key, { document, language, week, ...tally() });
      return [weeks.get(week)!, rows.get(key)!];
    };
    for (const row of countRows.all(query.from, query.to) as { document: string; language: string; day: string; consented: number; count: number }[]) {
      for (const t of at(row.document, row.language, row.day)) {
        if (row.consented) t.withConsent += row.count;
        else t.withoutConsent += row.count;
      }
    }
    for (const row of visitorRows.all(query.from, query.to) as { document: string; language: string; day: string; visitor: string }[]) {
      for (const t of at(row.document, row.language, row.day)) t.visitors.add(row.visitor);
    }
    const byWeek = [...weeks].sort(([a], [b]) => a.localeCompare(b));
    const figures: DownloadFigures = {
      from: query.from,
      to: query.to,
      withConsent: byWeek.reduce((sum, [, t]) => sum + t.withConsent, 0),
      withoutConsent: byWeek.reduce((sum, [, t]) => sum + t.withoutConsent, 0),
      weeks: byWeek.map(([week, t]) => ({ week, ...counts(t) })),
      rows: [...rows.values()]
        .sort((a, b) => a.week.localeCompare(b.week) || a.document.localeCompare(b.document) || a.language.localeCompare(b.language))
        .map((r) => ({ document: r.document, language: r.language as DownloadFigures["rows"][number]["language"], week: r.week, ...counts(r) })),
    };
    res.json(item(figures));
  });
  return router;
}
