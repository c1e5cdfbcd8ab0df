import express from "express";
import { DownloadCountSchema, type DownloadCount, type DownloadFigures } from "../../app/lib/platform/api/downloads-contract";
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
 * One download of a document, counted on the clinic's day it arrives; with a visitor id (the visitor
 * allowed analytics) the id is kept once per week too. What is past the retention goes, at most hourly.
 */
export function createDownloadCounter({ db, clock }: Pick<StaffServices, "db" | "clock">, retentionMonths = DEFAULT_ANALYTICS_RETENTION_MONTHS) {
  const addCount = db.prepare(
    `INSERT INTO download_counts (document, language, day, consented, count) VALUES (?, ?, ?, ?, 1)
     ON CONFLICT (document, language, day, consented) DO UPDATE SET count = count + 1`,
  );
  const addVisitor = db.prepare("INSERT OR IGNORE INTO download_week_visitors (week, document, language, visitor) VALUES (?, ?, ?, ?)");
  const addAnyVisitor = db.prepare("INSERT OR IGNORE INTO download_week_any (week, visitor) VALUES (?, ?)");
  const pruneCounts = db.prepare("DELETE FROM download_counts WHERE day < ?");
  const pruneVisitors = db.prepare("DELETE FROM download_week_visitors WHERE week < ?");
  const pruneAnyVisitors = db.prepare("DELETE FROM download_week_any WHERE week < ?");
  let prunedAt = Number.NEGATIVE_INFINITY;

  return (download: DownloadCount) => {
    const now = clock();
    const day = clinicDayOf(now);
    db.transaction(() => {
      addCount.run(download.document, download.language, day, download.visitorId ? 1 : 0);
      if (download.visitorId) {
        addVisitor.run(weekOf(day), download.document, download.language, download.visitorId);
        addAnyVisitor.run(weekOf(day), download.visitorId);
      }
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        const cutoff = monthsBefore(day, retentionMonths);
        pruneCounts.run(cutoff);
        // A week's visitors go with its first day: the week before the cutoff's is gone whole.
        pruneVisitors.run(weekOf(cutoff));
        pruneAnyVisitors.run(weekOf(cutoff));
        prunedAt = now;
      }
    })();
  };
}

/** POST analytics/downloads (client token): one download the site served. */
export function createDownloadCountsRouter(services: Pick<StaffServices, "db" | "clock">, retentionMonths = DEFAULT_ANALYTICS_RETENTION_MONTHS) {
  const router = express.Router();
  const count = createDownloadCounter(services, retentionMonths);
  router.post("/analytics/downloads", express.json({ limit: "1kb" }), (req, res) => {
    const body = parseOr400(DownloadCountSchema, req.body, res);
    if (!body) return;
    count(body);
    res.json(item({ counted: true as const }));
  });
  return router;
}

interface Tally {
  withConsent: number;
  withoutConsent: number;
  visitors: number;
}
const tally = (): Tally => ({ withConsent: 0, withoutConsent: 0, visitors: 0 });

/**
 * GET admin/analytics/downloads?from=&to= (read:dashboard): a period's downloads per week, document
 * and language. Downloads count the period's days; visitors are those of the whole week (kept per
 * week, so a million downloads are counted by index ranges, not by a set of every day's ids).
 */
export function createDownloadFiguresRouter(services: StaffServices, onUnauthorized?: () => void) {
  const router = express.Router();
  const countRows = services.db.prepare("SELECT document, language, day, consented, count FROM download_counts WHERE day >= ? AND day <= ?");
  const visitorRows = services.db.prepare(
    "SELECT week, document, language, count(*) AS visitors FROM download_week_visitors WHERE week >= ? AND week <= ? GROUP BY week, document, language",
  );
  const weekVisitors = services.db.prepare("SELECT week, count(*) AS visitors FROM download_week_any WHERE week >= ? AND week <= ? GROUP BY week");

  router.get("/analytics/downloads", requireStaff(services, "read:dashboard", onUnauthorized), (req, res) => {
    const query = parseOr400(PeriodQuerySchema, req.query, res);
    if (!query) return;
    const weeks = new Map<string, Tally>();
    const rows = new Map<string, Tally & { document: string; language: string; week: string }>();
    for (const row of countRows.all(query.from, query.to) as { document: string; language: string; day: string; consented: number; count: number }[]) {
      const week = weekOf(row.day);
      if (!weeks.has(week)) weeks.set(week, tally());
      const key = `${week} ${row.document} ${row.language}`;
      if (!rows.has(key)) rows.set(key, { document: row.document, language: row.language, week, ...tally() });
      for (const t of [weeks.get(week)!, rows.get(key)!]) {
        if (row.consented) t.withConsent += row.count;
        else t.withoutConsent += row.count;
      }
    }
    const [firstWeek, lastWeek] = [weekOf(query.from), weekOf(query.to)];
    // Only the rows the period's downloads made: a week's visitor on a day outside the period adds no row.
    for (const row of visitorRows.all(firstWeek, lastWeek) as { week: string; document: string; language: string; visitors: number }[]) {
      const found = rows.get(`${row.week} ${row.document} ${row.language}`);
      if (found) found.visitors = row.visitors;
    }
    for (const row of weekVisitors.all(firstWeek, lastWeek) as { week: string; visitors: number }[]) {
      const found = weeks.get(row.week);
      if (found) found.visitors = row.visitors;
    }
    const byWeek = [...weeks].sort(([a], [b]) => a.localeCompare(b));
    const figures: DownloadFigures = {
      from: query.from,
      to: query.to,
      withConsent: byWeek.reduce((sum, [, t]) => sum + t.withConsent, 0),
      withoutConsent: byWeek.reduce((sum, [, t]) => sum + t.withoutConsent, 0),
      weeks: byWeek.map(([week, t]) => ({ week, ...t })),
      rows: [...rows.values()]
        .sort((a, b) => a.week.localeCompare(b.week) || a.document.localeCompare(b.document) || a.language.localeCompare(b.language))
        .map((r) => ({
          document: r.document,
          language: r.language as DownloadFigures["rows"][number]["language"],
          week: r.week,
          withConsent: r.withConsent,
          withoutConsent: r.withoutConsent,
          visitors: r.visitors,
        })),
    };
    res.json(item(figures));
  });
  return router;
}
