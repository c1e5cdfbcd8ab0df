import type { BrowserErrorReport } from "../../app/lib/platform/api/browser-errors-contract";
import { clinicDayOf, clinicDayStart, daysBefore } from "../clinic-days";
import type { Clock } from "../clock";
import type { Db } from "../db";

/**
 * Browser errors (ADR 051): one row per group (its fingerprint), its reports counted per clinic
 * day, release, browser and page (so a flood of one error adds to a count, not rows), and per day
 * alone (what the page's list and its days read, one row per group and day), a few sample
 * stacks per group, and each release's first sighting, which says which of two releases is newer.
 * Nothing here is tied to a person: reports are scrubbed of e-mail addresses, phone numbers and
 * query strings before they arrive, and carry no address, cookie or visitor id.
 */
export const BROWSER_ERRORS_MIGRATION = `CREATE TABLE browser_error_groups (
     fingerprint TEXT PRIMARY KEY,
     type TEXT NOT NULL,
     message TEXT NOT NULL,
     top_frame TEXT NOT NULL,
     first_seen TEXT NOT NULL,
     last_seen TEXT NOT NULL,
     total INTEGER NOT NULL,
     latest_release TEXT NOT NULL,
     resolved_at TEXT,
     resolved_release TEXT,
     resolved_by INTEGER
   );
   CREATE INDEX browser_error_groups_last_seen ON browser_error_groups (last_seen);
   CREATE TABLE browser_error_counts (
     fingerprint TEXT NOT NULL,
     day TEXT NOT NULL,
     release TEXT NOT NULL,
     browser TEXT NOT NULL,
     page TEXT NOT NULL,
     count INTEGER NOT NULL,
     PRIMARY KEY (fingerprint, day, release, browser, page)
   );
   CREATE INDEX browser_error_counts_day ON browser_error_counts (day);
   CREATE TABLE browser_error_samples (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     fingerprint TEXT NOT NULL,
     at TEXT NOT NULL,
     release TEXT NOT NULL,
     browser TEXT NOT NULL,
     page TEXT NOT NULL,
     frames TEXT NOT NULL
   );
   CREATE INDEX browser_error_samples_group ON browser_error_samples (fingerprint, id);
   CREATE TABLE browser_error_releases (release TEXT PRIMARY KEY, first_seen TEXT NOT NULL);`;

/** How long reports are kept: a group not reported for this long is gone with its counts and samples. */
export const BROWSER_ERROR_RETENTION_DAYS = 90;
/** Stacks kept per group, the newest: enough to see one, and the disk cost of a group stays bounded. */
const SAMPLES_PER_GROUP = 5;
/** New groups a day: forged reports with ever new messages cannot fill the disk. */
const NEW_GROUPS_PER_DAY = 500;

interface GroupRow {
  fingerprint: string;
  resolved_release: string | null;
  latest_release: string;
}

export function createBrowserErrorStore(db: Db, clock: Clock) {
  const seeRelease = db.prepare("INSERT OR IGNORE INTO browser_error_releases (release, first_seen) VALUES (?, ?)");
  // Newer: first seen later. Build ids are hashes, so the order they arrived in is the only order they have.
  const newer = db
    .prepare(
      `SELECT (SELECT first_seen FROM browser_error_releases WHERE release = ?) > COALESCE((SELECT first_seen FROM browser_error_releases WHERE release = ?), '')`,
    )
    .pluck();
  const group = db.prepare("SELECT fingerprint, resolved_release, latest_release FROM browser_error_groups WHERE fingerprint = ?");
  const newToday = db.prepare("SELECT count(*) FROM browser_error_groups WHERE first_seen >= ?").pluck();
  const insertGroup = db.prepare(
    `INSERT INTO browser_error_groups (fingerprint, type, message, top_frame, first_seen, last_seen, total, latest_release) VALUES (?, ?, ?, ?, ?, ?, 1, ?)`,
  );
  const touchGroup = db.prepare("UPDATE browser_error_groups SET last_seen = ?, total = total + 1, latest_release = ? WHERE fingerprint = ?");
  const reopen = db.prepare("UPDATE browser_error_groups SET resolved_at = NULL, resolved_release = NULL, resolved_by = NULL WHERE fingerprint = ?");
  const count = db.prepare(
    `INSERT INTO browser_error_counts (fingerprint, day, release, browser, page, count) VALUES (?, ?, ?, ?, ?, 1)
     ON CONFLICT (fingerprint, day, release, browser, page) DO UPDATE SET count = count + 1`,
  );
  const countDay = db.prepare(
    "INSERT INTO browser_error_days (day, fingerprint, count) VALUES (?, ?, 1) ON CONFLICT (day, fingerprint) DO UPDATE SET count = count + 1",
  );
  const sample = db.prepare("INSERT INTO browser_error_samples (fingerprint, at, release, browser, page, frames) VALUES (?, ?, ?, ?, ?, ?)");
  const trimSamples = db.prepare(
    `DELETE FROM browser_error_samples WHERE fingerprint = ? AND id NOT IN (SELECT id FROM browser_error_samples WHERE fingerprint = ? ORDER BY id DESC LIMIT ${SAMPLES_PER_GROUP})`,
  );
  const resolve = db.prepare("UPDATE browser_error_groups SET resolved_at = ?, resolved_release = latest_release, resolved_by = ? WHERE fingerprint = ?");
  const prune = [
    db.prepare("DELETE FROM browser_error_counts WHERE day < ?"),
    db.prepare("DELETE FROM browser_error_days WHERE day < ?"),
    db.prepare("DELETE FROM browser_error_samples WHERE at < ?"),
    db.prepare("DELETE FROM browser_error_groups WHERE last_seen < ?"),
  ];
  let prunedOn = "";

  /** What is older than the retention goes, once a clinic day per process (any instance may do it: it is idempotent). */
  function pruneOld(day: string) {
    if (day === prunedOn) return;
    prunedOn = day;
    const cutoffDay = daysBefore(day, BROWSER_ERROR_RETENTION_DAYS);
    const [counts, days, samples, groups] = prune;
    db.transaction(() => {
      counts.run(cutoffDay);
      days.run(cutoffDay);
      samples.run(clinicDayStart(cutoffDay));
      groups.run(clinicDayStart(cutoffDay));
    })();
  }

  return {
    /** Stores one report; false when it would open a group past the day's cap. */
    record(report: BrowserErrorReport): boolean {
      const now = new Date(clock());
      const at = now.toISOString();
      const day = clinicDayOf(now.getTime());
      pruneOld(day);
      return db.transaction(() => {
        seeRelease.run(report.release, at);
        const found = group.get(report.fingerprint) as GroupRow | undefined;
        if (!found) {
          if ((newToday.get(clinicDayStart(day)) as number) >= NEW_GROUPS_PER_DAY) return false;
          insertGroup.run(report.fingerprint, report.type, report.message, report.topFrame, at, at, report.release);
        } else {
          const latest = newer.get(found.latest_release, report.release) ? found.latest_release : report.release;
          touchGroup.run(at, latest, report.fingerprint);
          if (found.resolved_release !== null && newer.get(report.release, found.resolved_release)) reopen.run(report.fingerprint);
        }
        count.run(report.fingerprint, day, report.release, report.browser, report.page);
        countDay.run(day, report.fingerprint);
        sample.run(report.fingerprint, at, report.release, report.browser, report.page, JSON.stringify(report.frames));
        trimSamples.run(report.fingerprint, report.fingerprint);
        return true;
      })();
    },
    /** Marks a group resolved by a staff member (as of its newest release), or open again; false for an unknown group. */
    setResolved(fingerprint: string, resolved: boolean, by: number): boolean {
      const info = resolved ? resolve.run(new Date(clock()).toISOString(), by, fingerprint) : reopen.run(fingerprint);
      return info.changes > 0;
    },
  };
}
