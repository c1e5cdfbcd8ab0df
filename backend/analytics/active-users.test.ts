import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import type { AnalyticsEvent } from "../../app/lib/platform/api/analytics-contract";
import { daysBefore } from "../clinic-days";
import { activeUsersReport } from "./active-users";
import { openAnalyticsStore } from "./store";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const view = (visitor: number, day: string): AnalyticsEvent => ({
  visitorId: `${visitor}.1`,
  visitId: null,
  // Noon in Istanbul: the clinic's day is the date written.
  at: `${day}T09:00:00.000Z`,
  path: "/en",
  lang: "en",
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  device: "desktop",
  browser: "Chrome",
  screen: null,
});

test("daily, 7-day and 30-day actives are distinct visitors, the same when worked out again from what was kept", () => {
  const dir = mkdtempSync(join(tmpdir(), "remed-active-"));
  dirs.push(dir);
  const today = "2026-03-31";
  const now = Date.parse(`${today}T12:00:00Z`);
  const store = openAnalyticsStore(dir, { maxEventsPerDay: 10_000, retentionMonths: 13 }, () => now);
  // Visitor v comes back every v days over 60 days; visitor 1 twice a day.
  const seen: [number, string][] = [];
  for (let v = 1; v <= 9; v++) for (let back = 0; back < 60; back += v) seen.push([v, daysBefore(today, back)]);
  store.add([...seen.map(([v, day]) => view(v, day)), view(1, today)]);
  const report = activeUsersReport(store);
  const from = daysBefore(today, 20);
  const distinct = (first: string, last: string) => new Set(seen.filter(([, d]) => d >= first && d <= last).map(([v]) => v)).size;
  const expected = [];
  for (let back = 20; back >= 0; back--) {
    const day = daysBefore(today, back);
    expected.push({ day, dau: distinct(day, day), wau: distinct(daysBefore(day, 6), day), mau: distinct(daysBefore(day, 29), day) });
  }
  const first = report(from, today, now);
  expect(first.days.map(({ day, dau, wau, mau }) => ({ day, dau, wau, mau }))).toEqual(expected);
  expect(first.visitors).toBe(distinct(from, today));
  expect(first.today).toBe(9);
  expect(first.views).toBe(seen.filter(([, d]) => d >= from).length + 1);
  // Asked again: the finished days come from what was kept, and agree.
  expect(report(from, today, now).days).toEqual(first.days);
  // A period that ended before today counts its own days.
  expect(report(daysBefore(today, 40), daysBefore(today, 35), now).visitors).toBe(distinct(daysBefore(today, 40), daysBefore(today, 35)));
  store.close();
});
