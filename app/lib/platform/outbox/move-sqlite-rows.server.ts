import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import type { Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";
import { COLUMNS as OUTBOX_COLUMNS, openOutboxDb } from "~/lib/platform/outbox/open-db.server";
import { inTransaction } from "~/lib/platform/outbox/postgres-store.server";
import { pendingPhotoCleaning } from "~/lib/platform/outbox/photo-cleaning.server";

/** What a lead not delivered has (delivered_at it has not). */
const COLUMNS = OUTBOX_COLUMNS.filter((column) => column !== "delivered_at");

/**
 * When OUTBOX_DATABASE_URL is first set over a DATA_DIR whose SQLite outbox still holds leads not
 * delivered (waiting or refused), they are moved into PostgreSQL once, in one transaction, keeping
 * their ids (so their Idempotency-Keys), attempts and times; then the SQLite file is deleted. A
 * crash between the two moves them again on the next start, and `ON CONFLICT DO NOTHING` keeps one
 * copy. Delivered rows hold no personal data (ADR 030) and are not moved. Photos stored before
 * re-encoding are cleaned first, as the SQLite outbox would have.
 */
export function moveSqliteRows(dataDir: string, logger: Logger, metrics: Pick<Metrics, "outboxCorruptFiles">) {
  return async (pool: pg.Pool) => {
    const file = join(dataDir, "outbox.sqlite");
    if (!existsSync(file)) return;
    const db = openOutboxDb(dataDir, logger, metrics);
    let moved = 0;
    try {
      await pendingPhotoCleaning(db, logger)?.();
      const rows = db.prepare(`SELECT ${COLUMNS.join(", ")} FROM outbox WHERE status IN ('pending', 'rejected')`).all() as Record<string, unknown>[];
      await inTransaction(pool, async (client) => {
        for (const row of rows) {
          const placeholders = COLUMNS.map((_, i) => `$${i + 1}`).join(", ");
          const result = await client.query(
            `INSERT INTO outbox (${COLUMNS.join(", ")}) VALUES (${placeholders}) ON CONFLICT (id) DO NOTHING`,
            COLUMNS.map((c) => row[c]),
          );
          moved += result.rowCount ?? 0;
        }
      });
    } finally {
      db.close();
    }
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    logger.info({ moved, from: file }, "outbox: leads the SQLite outbox still held were moved into PostgreSQL, and its file deleted");
  };
}
