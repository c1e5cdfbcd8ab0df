import Database from "better-sqlite3";

/*
 * Every SQLite database the site or the embedded backend opens goes through here (lint allows
 * better-sqlite3 nowhere else), so a database added later gets the same integrity check and the
 * same erasure guarantees without anyone remembering them (ADR 030):
 * - `secure_delete`: a deleted row, an overwritten value and a freed page are zeroed in the file,
 *   not left readable in its free space;
 * - WAL with `journal_size_limit = 0`: frames holding old text are dropped (the -wal file cut to
 *   nothing) whenever SQLite starts the log over, instead of lingering until overwritten;
 *   `forgetErased` does it at once after an erasure;
 * - a file written before this was on is rewritten once (VACUUM), so what it freed then is gone too.
 */

/** The file is not a database SQLite can use, or its pages do not check out (`quick_check`). */
export class DamagedDatabaseError extends Error {
  // Compared by code, not class: the embedded backend is its own bundle with its own copy of this module.
  readonly code = "DAMAGED_DATABASE";
}

export const isDamagedDatabase = (error: unknown): error is DamagedDatabaseError =>
  error instanceof Error && (error as { code?: unknown }).code === "DAMAGED_DATABASE";

export interface OpenOptions {
  /** Read-only checks of the file's own shape, run before anything is written: throw to refuse it. */
  check?: (db: Database.Database) => void;
  /** Read only (`npm run leads`): nothing is checked or written. */
  readonly?: boolean;
}

/** SQLite's report on one line, for a start-up message that is one line. */
const oneLine = (report: string) =>
  report
    .replace(/\*\*\* in database \w+ \*\*\*/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** Rewritten once when first opened here, so content freed before secure_delete was on is gone. */
const MARKER = "CREATE TABLE IF NOT EXISTS secure_delete_since (at TEXT NOT NULL)";

export function openSqlite(file: string, { check, readonly = false }: OpenOptions = {}): Database.Database {
  if (readonly) return new Database(file, { readonly: true, fileMustExist: true });
  // better-sqlite3 waits up to 5 s for another process's lock (the CLI beside a running site).
  const db = new Database(file);
  try {
    // Before any write, so a damaged file is refused exactly as it was found.
    let verdict: unknown;
    try {
      verdict = db.pragma("quick_check", { simple: true });
    } catch (error) {
      throw new DamagedDatabaseError(`${file} is not a usable SQLite database (${oneLine(error instanceof Error ? error.message : String(error))})`);
    }
    if (verdict !== "ok") throw new DamagedDatabaseError(`${file} is damaged (quick_check: ${oneLine(String(verdict))})`);
    check?.(db);
    db.pragma("secure_delete = ON");
    db.pragma("journal_mode = WAL");
    db.pragma("journal_size_limit = 0");
    db.exec(MARKER);
    if (db.prepare("SELECT COUNT(*) FROM secure_delete_since").pluck().get() === 0) {
      db.exec("VACUUM");
      db.prepare("INSERT INTO secure_delete_since (at) VALUES (?)").run(new Date().toISOString());
      forgetErased(db);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * After an erasure: copies the log into the file and cuts the -wal file to nothing, so the frames
 * that held the erased text are gone from disk now, not at SQLite's next checkpoint. False when a
 * reader in another process kept it from finishing (the next checkpoint then drops them).
 */
export function forgetErased(db: Database.Database): boolean {
  const [result] = db.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
  return result?.busy === 0;
}
