import type { ActiveUsers } from "../../app/lib/platform/api/analytics-contract";
import { clinicDayOf, daysBefore, nextDay } from "../clinic-days";
import type { AnalyticsStore } from "./store";

/** Rows per table: the long tail of pages and referrers is not what a period's page is for. */
const TOP = 20;
const DIMENSIONS = {
  byLanguage: "lang",
  topPages: "page",
  entryPages: "entry",
  referrers: "referrer",
  campaigns: "campaign",
  devices: "device",
  browsers: "browser",
} as const;

/**
 * The active users of a period of clinic days. Distinct visitors come from `visitor_days` (one row
 * per visitor and day, so DAU/WAU/MAU are exact), the tables from the roll-ups (kept past retention).
 */
export function activeUsersReport(store: AnalyticsStore) {
  const { db } = store;
  const nowVisitors = db.prepare("SELECT COUNT(DISTINCT visitor_id) FROM events WHERE at >= ?").pluck();
  const distinct = db.prepare("SELECT COUNT(DISTINCT visitor_id) FROM visitor_days WHERE day >= ? AND day <= ?").pluck();
  const perDay = db.prepare("SELECT day, COUNT(*) AS dau, SUM(views) AS views FROM visitor_days WHERE day >= ? AND day <= ? GROUP BY day");
  const top = db.prepare(
    "SELECT key, SUM(views) AS views FROM rollups WHERE dimension = ? AND day >= ? AND day <= ? GROUP BY key ORDER BY views DESC, key LIMIT ?",
  );
  const totalViews = db.prepare("SELECT COALESCE(SUM(views), 0) FROM rollups WHERE dimension = 'lang' AND day >= ? AND day <= ?").pluck();

  return (from: string, to: string, now: number): ActiveUsers => {
    const today = clinicDayOf(now);
    const daily = new Map((perDay.all(from, to) as { day: string; dau: number; views: number }[]).map((d) => [d.day, d]));
    const days: ActiveUsers["days"] = [];
    for (let day = from; day <= to; day = nextDay(day)) {
      days.push({
        day,
        dau: daily.get(day)?.dau ?? 0,
        wau: distinct.get(daysBefore(day, 6), day) as number,
        mau: distinct.get(daysBefore(day, 29), day) as number,
        views: daily.get(day)?.views ?? 0,
      });
    }
    const tables = Object.fromEntries(
      Object.entries(DIMENSIONS).map(([name, dimension]) => [name, top.all(dimension, from, to, TOP) as { key: string; views: number }[]]),
    ) as Record<keyof typeof DIMENSIONS, { key: string; views: number }[]>;
    return {
      now: nowVisitors.get(now - 5 * 60_000) as number,
      today: distinct.get(today, today) as number,
      visitors: distinct.get(from, to) as number,
      views: totalViews.get(from, to) as number,
      days,
      ...tables,
    };
  };
}
