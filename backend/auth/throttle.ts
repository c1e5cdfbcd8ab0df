import type { Clock } from "../clock";
import type { Db } from "../db";

export const EMAIL_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export interface Subject {
  /** `email:<lowercased>` or `ip:<address>`. */
  subject: string;
  /** This many failures within the window lock the subject until `lockMinutes` after the last of them. */
  limit: number;
}

/**
 * Sign-in throttling on the sign_in_failures table. An attempt is recorded as a failure before the
 * password is checked, so a burst of parallel guesses sees itself and is refused; a success then
 * takes its rows back (and clears the e-mail's earlier failures).
 */
export function createSignInThrottle(db: Db, options: { clock: Clock; lockMinutes: number }) {
  const windowMs = options.lockMinutes * 60_000;
  const recent = db.prepare("SELECT at FROM sign_in_failures WHERE subject = ? AND at > ? ORDER BY at").pluck();
  const insert = db.prepare("INSERT INTO sign_in_failures (subject, at) VALUES (?, ?)");
  const removeRow = db.prepare("DELETE FROM sign_in_failures WHERE rowid = ?");
  const clearSubject = db.prepare("DELETE FROM sign_in_failures WHERE subject = ?");
  const prune = db.prepare("DELETE FROM sign_in_failures WHERE subject = ? AND at <= ?");

  /** When the subject's lock ends (ms), or 0 when it is not locked. */
  function lockedUntil({ subject, limit }: Subject, now: number): number {
    const times = recent.all(subject, now - 2 * windowMs) as number[];
    let until = 0;
    for (let i = limit - 1; i < times.length; i++) {
      // `limit` failures within the window: locked until the window's length after the last of them.
      if (times[i] - times[i - limit + 1] <= windowMs) until = Math.max(until, times[i] + windowMs);
    }
    return until > now ? until : 0;
  }

  return {
    /**
     * Starts an attempt: refused with the seconds to wait when a subject is locked (and nothing is
     * recorded), otherwise recorded as a failure of every subject until `succeeded`.
     */
    begin(subjects: Subject[]): { retryAfterSeconds: number } | { rowIds: number[] } {
      return db.transaction(() => {
        const now = options.clock();
        const until = Math.max(...subjects.map((s) => lockedUntil(s, now)));
        if (until > 0) return { retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };
        return {
          rowIds: subjects.map((s) => {
            prune.run(s.subject, now - 2 * windowMs);
            return Number(insert.run(s.subject, now).lastInsertRowid);
          }),
        };
      })();
    },
    /** A right password: the attempt was no failure, and the e-mail's earlier failures are forgiven. */
    succeeded(rowIds: number[], clearedSubject: string) {
      db.transaction(() => {
        for (const id of rowIds) removeRow.run(id);
        clearSubject.run(clearedSubject);
      })();
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
