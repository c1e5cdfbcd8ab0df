import { statfsSync } from "node:fs";
import type { Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";
import { deleteSetAsideBefore, openOutboxDb } from "~/lib/platform/outbox/open-db.server";
import { pendingPhotoCleaning } from "~/lib/platform/outbox/photo-cleaning.server";
import {
  MAIL_EXPIRED,
  SCRUB_EARLIER,
  SCRUBBED,
  type MailRow,
  type OutboxRow,
  type OutboxStore,
  type RefusedRow,
  type RowStatus,
} from "~/lib/platform/outbox/store.server";
import { forgetErased } from "~/lib/platform/sqlite.server";

/** Below this much free space the outbox says it cannot take leads (readiness), before a write fails. */
const MIN_FREE_BYTES = 2 * 1024 * 1024;

/**
 * The outbox in DATA_DIR/outbox.sqlite: the default, for one instance (ADR 004). One process writes
 * it, so rows due are simply read, not leased. Every call is synchronous underneath; a full disk or
 * a read-only file throws from the write.
 */
export function sqliteOutboxStore(dataDir: string, logger: Logger, metrics: Pick<Metrics, "outboxCorruptFiles">): OutboxStore {
  const db = openOutboxDb(dataDir, logger, metrics);
  const insert = db.prepare(
    `INSERT INTO outbox (id, kind, lang, payload, photo, photo_name, photo_type, next_attempt_at, created_at)
     VALUES (@id, @kind, @lang, @payload, @photo, @photo_name, @photo_type, @now, @now)`,
  );
  const due = db.prepare("SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY created_at LIMIT ?");
  const saveUpload = db.prepare("UPDATE outbox SET upload_id = ? WHERE id = ?");
  const delivered = db.prepare(`UPDATE outbox SET status = 'delivered', delivered_at = ?, ${SCRUBBED} WHERE id = ?`);
  const scrubDelivered = db.prepare(SCRUB_EARLIER);
  const expiredDelivered = db.prepare("DELETE FROM outbox WHERE status = 'delivered' AND delivered_at < ?");
  const expiredRejected = db.prepare("SELECT id, kind FROM outbox WHERE status = 'rejected' AND created_at < ?");
  const discardRejected = db.prepare("DELETE FROM outbox WHERE id = ? AND status = 'rejected'");
  const rejected = db.prepare("UPDATE outbox SET status = 'rejected', last_error = ? WHERE id = ?");
  const retryLater = db.prepare("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?");
  const pendingStats = db.prepare(
    `SELECT COUNT(*) AS depth, MIN(CASE WHEN attempts = 0 AND next_attempt_at > created_at THEN next_attempt_at ELSE created_at END) AS oldest FROM outbox WHERE status = 'pending'`,
  );
  const upcoming = db.prepare("SELECT id, next_attempt_at FROM outbox WHERE status = 'pending' ORDER BY next_attempt_at LIMIT 100");
  const rejectedRows = db.prepare(
    "SELECT id, kind, lang, payload, attempts, created_at, last_error FROM outbox WHERE status = 'rejected' ORDER BY created_at DESC LIMIT ?",
  );
  const rejectedCount = db.prepare("SELECT COUNT(*) FROM outbox WHERE status = 'rejected'").pluck();
  const rejectedOne = db.prepare("SELECT id, kind, last_error FROM outbox WHERE id = ? AND status = 'rejected'");
  const requeue = db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE id = ? AND status = 'rejected'");
  const heartbeat = db.prepare("INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at");
  const status = db.prepare("SELECT status, attempts, upload_id, last_error FROM outbox WHERE id = ?");
  const insertOnce = db.prepare(
    `INSERT INTO outbox (id, kind, lang, payload, photo, photo_name, photo_type, next_attempt_at, created_at)
     VALUES (@id, @kind, @lang, @payload, @photo, @photo_name, @photo_type, @due, @now) ON CONFLICT (id) DO NOTHING`,
  );
  const finishMail = db.prepare("UPDATE outbox SET status = ?, delivered_at = ?, attempts = attempts + 1, last_error = ? WHERE id = ?");
  const MAIL_COLUMNS = "id, payload, status, attempts, created_at, delivered_at, last_error";
  const mailRows = db.prepare(`SELECT ${MAIL_COLUMNS} FROM outbox WHERE kind = 'mail' ORDER BY created_at DESC, id LIMIT ? OFFSET ?`);
  const mailCount = db.prepare("SELECT COUNT(*) FROM outbox WHERE kind = 'mail'").pluck();
  const mailOne = db.prepare(`SELECT ${MAIL_COLUMNS} FROM outbox WHERE kind = 'mail' AND id = ?`);
  const mailAbout = db.prepare(`SELECT ${MAIL_COLUMNS} FROM outbox WHERE kind = 'mail' AND substr(id, 1, length(?)) = ? ORDER BY created_at, id`);
  const mailCounts = db.prepare("SELECT status, COUNT(*) AS n FROM outbox WHERE kind = 'mail' AND substr(id, 1, length(?)) = ? GROUP BY status");
  const eraseBulletinMail = db.prepare("DELETE FROM outbox WHERE kind = 'mail' AND substr(id, 1, 9) = 'bulletin:' AND substr(id, -length(?)) = ?");
  const eraseMail = db.prepare("DELETE FROM outbox WHERE kind = 'mail' AND substr(id, 1, length(?)) = ?");
  const expiredMail = db.prepare(`${MAIL_EXPIRED}?`);

  return {
    engine: "sqlite",
    async insert(row) {
      insert.run(row);
    },
    async insertOnce(row) {
      return insertOnce.run({ ...row, due: row.due ?? row.now }).changes > 0;
    },
    async finishMail(id, end, at, error) {
      finishMail.run(end, at, error, id);
    },
    async mail(limit, offset) {
      return { total: mailCount.get() as number, rows: mailRows.all(limit, offset) as MailRow[] };
    },
    async eraseBulletinMail(suffix) {
      return eraseBulletinMail.run(suffix, suffix).changes;
    },
    async mailCounts(prefix) {
      const rows = mailCounts.all(prefix, prefix) as { status: string; n: number }[];
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },
    async mailOne(id) {
      return mailOne.get(id) as MailRow | undefined;
    },
    async mailAbout(prefix) {
      return mailAbout.all(prefix, prefix) as MailRow[];
    },
    async eraseMail(prefix) {
      return eraseMail.run(prefix, prefix).changes;
    },
    async claimDue(now, limit, skip = new Set()) {
      return (due.all(now, limit + skip.size) as OutboxRow[]).filter((row) => !skip.has(row.id)).slice(0, limit);
    },
    async release() {},
    async saveUpload(id, uploadId) {
      saveUpload.run(uploadId, id);
    },
    async markDelivered(id, at) {
      delivered.run(at, id);
    },
    async markRejected(id, reason) {
      rejected.run(reason, id);
    },
    async retryLater(id, at, reason) {
      retryLater.run(at, reason, id);
    },
    async pendingStats() {
      return pendingStats.get() as { depth: number; oldest: number | null };
    },
    async upcoming() {
      return upcoming.all() as { id: string; next_attempt_at: number }[];
    },
    async refused(limit) {
      return { total: rejectedCount.get() as number, rows: rejectedRows.all(limit) as RefusedRow[] };
    },
    async refusedOne(id) {
      return rejectedOne.get(id) as Awaited<ReturnType<OutboxStore["refusedOne"]>>;
    },
    async requeue(id, now) {
      return requeue.run(now, id).changes > 0;
    },
    async discard(id) {
      return discardRejected.run(id).changes > 0;
    },
    async purge(cutoff) {
      const refusedDeleted: { id: string; kind: string }[] = [];
      const changed = db.transaction(() => {
        let changes = scrubDelivered.run().changes + expiredDelivered.run(cutoff).changes + expiredMail.run(cutoff).changes;
        for (const row of expiredRejected.all(cutoff) as { id: string; kind: string }[]) {
          const gone = discardRejected.run(row.id).changes;
          changes += gone;
          if (gone) refusedDeleted.push(row);
        }
        return changes;
      })();
      deleteSetAsideBefore(dataDir, cutoff, logger);
      return { changed, refusedDeleted };
    },
    forgetRemoved() {
      forgetErased(db);
    },
    async checkWritable() {
      // A write into pages SQLite already holds can succeed on a full disk: free space is checked too.
      const { bavail, bsize } = statfsSync(dataDir);
      if (bavail * bsize < MIN_FREE_BYTES) throw new Error("the outbox's disk is full");
      heartbeat.run(Date.now());
    },
    async status(id) {
      return status.get(id) as RowStatus | undefined;
    },
    // Photos stored before they were re-encoded: cleaned before anything is delivered, once.
    beforeDeliveries: pendingPhotoCleaning(db, logger),
    async close() {
      db.close();
    },
  };
}
