import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import type { Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";
import { openSqlite } from "~/lib/platform/sqlite.server";

export const SCHEMA = `CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  lang TEXT NOT NULL,
  payload TEXT NOT NULL,
  photo BLOB,
  photo_name TEXT,
  photo_type TEXT,
  upload_id TEXT,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  delivered_at INTEGER,
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at);
CREATE TABLE IF NOT EXISTS heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS steps (name TEXT PRIMARY KEY, done_at INTEGER NOT NULL);`;

/** Every column the outbox reads or writes: a table without them is someone else's. */
export const COLUMNS = [
  "id",
  "kind",
  "lang",
  "payload",
  "photo",
  "photo_name",
  "photo_type",
  "upload_id",
  "status",
  "attempts",
  "next_attempt_at",
  "created_at",
  "delivered_at",
  "last_error",
] as const;

/** Where a set-aside file's name starts, followed by the time it was set aside. */
export const SET_ASIDE = "outbox.sqlite.corrupt-";

function open(file: string) {
  // Damaged pages show here (openSqlite's quick_check), not at the first lead a visitor sends.
  const db = openSqlite(file, {
    check(db) {
      const columns = new Set((db.pragma("table_info(outbox)") as { name: string }[]).map((c) => c.name));
      const missing = COLUMNS.filter((c) => !columns.has(c));
      if (columns.size && missing.length) throw new Error(`outbox table lacks ${missing.join(", ")}`);
    },
  });
  try {
    db.pragma("synchronous = FULL");
    db.exec(SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens DATA_DIR/outbox.sqlite. A file that is not a usable outbox (random bytes, cut short,
 * damaged pages, another program's table) is moved aside with its -wal and -shm, kept for someone
 * to inspect (it may hold undelivered leads) for OUTBOX_RETENTION_DAYS, counted and logged, and a
 * fresh outbox starts: the site keeps taking leads instead of failing to start.
 */
export function openOutboxDb(dataDir: string, logger: Logger, { outboxCorruptFiles }: Pick<Metrics, "outboxCorruptFiles">): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "outbox.sqlite");
  try {
    return open(file);
  } catch (error) {
    const aside = join(dataDir, `${SET_ASIDE}${new Date().toISOString().replace(/[:.]/g, "-")}`);
    for (const suffix of ["", "-wal", "-shm"]) {
      if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
    }
    outboxCorruptFiles.inc();
    logger.error(
      { err: error instanceof Error ? error.message : String(error), movedTo: aside },
      "outbox: unusable database moved aside, starting a fresh one",
    );
    return open(file);
  }
}

/** `outbox.sqlite.corrupt-2026-11-28T09-15-00-000Z` → that instant (the name's, not the file's own times, which the move kept). */
function setAsideAt(name: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-wal|-shm)?$/.exec(name.slice(SET_ASIDE.length));
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

/**
 * Deletes the damaged outbox files set aside before `cutoff`: they may hold leads with personal data,
 * which must not outlive the retention period anywhere (ADR 030). Someone who wants to recover
 * leads from one has had that long, and the log line that set it aside said where it went.
 */
export function deleteSetAsideBefore(dataDir: string, cutoff: number, logger: Logger) {
  for (const name of readdirSync(dataDir)) {
    if (!name.startsWith(SET_ASIDE)) continue;
    const at = setAsideAt(name);
    if (at === null || at >= cutoff) continue;
    rmSync(join(dataDir, name), { force: true });
    logger.warn({ file: name }, "outbox: damaged file set aside deleted after its retention period");
  }
}
