import type { ActiveUsers } from "../../app/lib/platform/api/analytics-contract";
import { clinicDayOf, daysBefore, nextDay } from "../clinic-days";
import type { AnalyticsStore } from "./store";

/** Rows per table: the long tail of pages and referrers is not what a period's page is for. */
const TOP = 20;
const DAY = 86_400_000;
/** A day's actives are worked out for good once it has been over this long (a batch in flight at midnight is in by then). */
const SETTLE_MS = 5 * 60_000;
const DIMENSIONS = {
  byLanguage: "lang",
  topPages: "page",
  entryPages: "entry",
  referrers: "referrer",
  campaigns: "campaign",
  devices: "device",
  browsers: "browser",
} as const;

type Actives = { dau: number; wau: number; mau: number };

/**
 * The active users of a period of clinic days, exact (distinct visitor ids) and cheap to ask again:
 * - a finished day's DAU/WAU/MAU are worked out once, in one pass over the visitor days they need,
 *   and kept in `active_days` (no id: they outlive retention, as the roll-ups do);
 * - today's, and the period's distinct visitors when it ends today, come from each visitor's last day;
 * - the tables and views per day come from the roll-ups.
 */
export function activeUsersReport(store: AnalyticsStore) {
  const { db } = store;
  const nowVisitors = db.prepare("SELECT COUNT(DISTINCT visitor_id) FROM events WHERE at >= ?").pluck();
  const dayVisitors = db.prepare("SELECT COUNT(*) FROM visitor_days WHERE day = ?").pluck();
  const visitorsSince = db.prepare("SELECT COUNT(*) FROM visitor_last WHERE last_day >= ?").pluck();
  const distinctBetween = db.prepare("SELECT COUNT(DISTINCT visitor_id) FROM visitor_days WHERE day >= ? AND day <= ?").pluck();
  const visitorDays = db.prepare("SELECT day, visitor_id FROM visitor_days WHERE day >= ? AND day <= ? ORDER BY day").raw();
  const kept = db.prepare("SELECT day, dau, wau, mau FROM active_days WHERE day >= ? AND day <= ?");
  const keep = db.prepare("INSERT OR REPLACE INTO active_days (day, dau, wau, mau) VALUES (?, ?, ?, ?)");
  const viewsPerDay = db.prepare("SELECT day, SUM(views) AS views FROM rollups WHERE dimension = 'lang' AND day >= ? AND day <= ? GROUP BY day");
  const top = db.prepare(
    "SELECT key, SUM(views) AS views FROM rollups WHERE dimension = ? AND day >= ? AND day <= ? GROUP BY key ORDER BY views DESC, key LIMIT ?",
  );

  /**
   * DAU/WAU/MAU of the days first..last in one pass over the visitor days from 29 days before first,
   * in day order: each visitor covers the 7 (30) days from each of their days, counted once where
   * those overlap (a difference array, summed at the end).
   */
  function workOut(first: string, last: string): Map<string, Actives> {
    const start = daysBefore(first, 29);
    const index = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY);
    const size = index(last) + 31;
    const dau = new Int32Array(size);
    const week = new Int32Array(size);
    const month = new Int32Array(size);
    const weekEnd = new Map<string, number>();
    const monthEnd = new Map<string, number>();
    for (const [day, visitor] of visitorDays.iterate(start, last) as Iterable<[string, string]>) {
      const a = index(day);
      dau[a] += 1;
      for (const [diff, ends, span] of [
        [week, weekEnd, 7],
        [month, monthEnd, 30],
      ] as const) {
        diff[Math.max(a, (ends.get(visitor) ?? -1) + 1)] += 1;
        diff[a + span] -= 1;
        ends.set(visitor, a + span - 1);
      }
    }
    const result = new Map<string, Actives>();
    let wau = 0;
    let mau = 0;
    for (let i = 0, day = start; day <= last; i++, day = nextDay(day)) {
      wau += week[i];
      mau += month[i];
      if (day >= first) result.set(day, { dau: dau[i], wau, mau });
    }
    return result;
  }

  return (from: string, to: string, now: number): ActiveUsers => {
    const today = clinicDayOf(now);
    const settled = clinicDayOf(now - SETTLE_MS);
    const actives = new Map((kept.all(from, to) as ({ day: string } & Actives)[]).map(({ day, ...a }) => [day, a]));
    const missing: string[] = [];
    for (let day = from; day <= to && day < today; day = nextDay(day)) if (!actives.has(day) || day >= settled) missing.push(day);
    if (missing.length > 0) {
      const worked = workOut(missing[0], missing[missing.length - 1]);
      db.transaction(() => {
        for (const [day, a] of worked) {
          actives.set(day, a);
          if (day < settled) keep.run(day, a.dau, a.wau, a.mau);
        }
      })();
    }
    if (from <= today && today <= to) {
      actives.set(today, {
        dau: dayVisitors.get(today) as number,
        wau: visitorsSince.get(daysBefore(today, 6)) as number,
        mau: visitorsSince.get(daysBefore(today, 29)) as number,
      });
    }
    const views = new Map((viewsPerDay.all(from, to) as { day: string; views: number }[]).map((d) => [d.day, d.views]));
    const days: ActiveUsers["days"] = [];
    for (let day = from; day <= to; day = nextDay(day)) days.push({ day, ...(actives.get(day) ?? { dau: 0, wau: 0, mau: 0 }), views: views.get(day) ?? 0 });
    const tables = Object.fromEntries(
      Object.entries(DIMENSIONS).map(([name, dimension]) => [name, top.all(dimension, from, to, TOP) as { key: string; views: number }[]]),
    ) as Record<keyof typeof DIMENSIONS, { key: string; views: number }[]>;
    return {
      now: nowVisitors.get(now - 5 * 60_000) as number,
      today: dayVisitors.get(today) as number,
      // Every visitor seen since `from` was seen in the period when it runs to today; an earlier period counts its own days.
      visitors: (to >= today ? visitorsSince.get(from) : distinctBetween.get(from, to)) as number,
      views: days.reduce((sum, d) => sum + d.views, 0),
      days,
      ...tables,
    };
  };
}
