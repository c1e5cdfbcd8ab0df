import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { BrowserErrorReport } from "../../app/lib/platform/api/browser-errors-contract";
import { openDb } from "../db";
import { createBrowserErrorStore } from "./browser-error-store";

const report = (release: string, extra: Partial<BrowserErrorReport> = {}): BrowserErrorReport => ({
  fingerprint: "a".repeat(32),
  source: "error",
  type: "TypeError",
  message: "e.map is not a function",
  topFrame: "app/root.tsx Layout",
  frames: [{ fn: "Layout", file: "app/root.tsx", line: 10, column: 3, resolved: true }],
  release,
  browser: "Chrome 131",
  page: "/en",
  ...extra,
});

test("a resolved group stays resolved for its own and older releases, opens again for a newer one; samples and counts stay bounded", () => {
  const db = openDb(mkdtempSync(join(tmpdir(), "remed-errors-")));
  let now = Date.parse("2026-11-20T10:00:00Z");
  const store = createBrowserErrorStore(db, () => now);
  const state = () => db.prepare("SELECT total, resolved_release FROM browser_error_groups").get() as { total: number; resolved_release: string | null };

  expect(store.record(report("aaaaaaaa"))).toBe(true);
  now += 60_000;
  store.record(report("bbbbbbbb"));
  now += 60_000;
  // Resolved as of the newest release that reported it.
  expect(store.setResolved("a".repeat(32), true, 1)).toBe(true);
  expect(state()).toEqual({ total: 2, resolved_release: "bbbbbbbb" });
  now += 60_000;
  store.record(report("aaaaaaaa"));
  store.record(report("bbbbbbbb"));
  expect(state()).toEqual({ total: 4, resolved_release: "bbbbbbbb" });
  now += 60_000;
  store.record(report("cccccccc"));
  expect(state()).toEqual({ total: 5, resolved_release: null });

  for (let i = 0; i < 20; i++) store.record(report("cccccccc"));
  expect(db.prepare("SELECT count(*) FROM browser_error_samples").pluck().get()).toBe(5);
  // One row per day, release, browser and page: a flood adds to a count.
  expect(db.prepare("SELECT count(*) FROM browser_error_counts").pluck().get()).toBe(3);
  expect(store.setResolved("b".repeat(32), true, 1)).toBe(false);

  // Past the retention, a group not reported since is gone with its counts and samples.
  now += 91 * 86_400_000;
  store.record(report("cccccccc", { fingerprint: "b".repeat(32) }));
  expect(db.prepare("SELECT fingerprint FROM browser_error_groups").pluck().all()).toEqual(["b".repeat(32)]);
  expect(db.prepare("SELECT count(*) FROM browser_error_samples WHERE fingerprint <> ?").pluck().get("b".repeat(32))).toBe(0);
  db.close();
});
