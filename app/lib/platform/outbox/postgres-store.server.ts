import { existsSync } from "node:fs";
import type pg from "pg";
import type { Logger } from "~/lib/platform/logger.server";
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
import { deleteSetAsideBefore } from "~/lib/platform/outbox/open-db.server";
import { redactUrl } from "~/lib/platform/shared/redact-url";

/**
 * How long a row claimed by one instance is left to it: longer than a delivery can take (a job
 * application is a token, an upload and a post, each within API_TIMEOUT_MS), short enough that a
 * lead an instance was delivering when it died goes out from another one soon after. Its
 * Idempotency-Key makes the second try store nothing new at the API. Rows are claimed one at a
 * time, so a dying instance holds at most the one it was sending.
 */
export const leaseFor = (apiTimeoutMs: number) => Math.max(10_000, 4 * apiTimeoutMs);

/** Connecting, and each statement, have a bound: a database that hangs is a database that is down. */
const CONNECT_TIMEOUT_MS = 3_000;
const STATEMENT_TIMEOUT_MS = 5_000;

/** One lock id for the schema, so instances starting at once do not race to create it. */
const SCHEMA_LOCK = 7_461_833_021;

const SCHEMA = `CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  lang TEXT NOT NULL,
  payload TEXT NOT NULL,
  photo BYTEA,
  photo_name TEXT,
  photo_type TEXT,
  upload_id TEXT,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  delivered_at BIGINT,
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at);
CREATE TABLE IF NOT EXISTS outbox_heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at BIGINT NOT NULL);`;

/** Runs `work` in one transaction on one connection of the pool; rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface PostgresStoreOptions {
  url: string;
  /** DATA_DIR, where damaged SQLite outbox files set aside earlier may still wait for their retention. */
  dataDir: string;
  logger: Logger;
  /** Run once the schema exists, before anything else: moving rows an earlier SQLite outbox still holds. */
  afterSchema?: (pool: pg.Pool) => Promise<void>;
  /** How long a claimed row is this instance's (leaseFor(API_TIMEOUT_MS)). */
  leaseMs: number;
}

/**
 * The outbox in PostgreSQL (OUTBOX_DATABASE_URL): one queue for every instance, so any of them
 * delivers any lead and losing an instance loses none. Due rows are leased with
 * `FOR UPDATE SKIP LOCKED`: two instances never take the same row at once, and a row whose
 * instance died is due again when its lease ends. The schema is made under an advisory lock; until
 * the database has answered once, every call tries that first, so a site started while PostgreSQL
 * was down begins to take leads as soon as it is back.
 */
export async function postgresOutboxStore({ url, dataDir, logger, afterSchema, leaseMs }: PostgresStoreOptions): Promise<OutboxStore> {
  // Loaded only when configured: the embedded default and a single instance never pay for it.
  const { default: pg } = await import("pg");
  /** Times are milliseconds in BIGINT columns: read back as numbers, not the strings pg gives by default. */
  const types = {
    getTypeParser: ((oid: number, format?: "text" | "binary") =>
      oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: 5,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    types,
  });
  // A connection the server closed while idle (a restart): logged, never an uncaught error.
  pool.on("error", (error) => logger.warn({ err: error.message, database: redactUrl(url) }, "outbox: PostgreSQL connection lost"));

  let ready: Promise<void> | null = null;
  function schema(): Promise<void> {
    ready ??= (async () => {
      await inTransaction(pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
        await client.query(SCHEMA);
      });
      await afterSchema?.(pool);
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  }

  async function query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    await schema();
    return pool.query<R>(text, values);
  }

  return {
    engine: "postgres",
    async insert(row) {
      await query(
        `INSERT INTO outbox (id, kind, lang, payload, photo, photo_name, photo_type, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [row.id, row.kind, row.lang, row.payload, row.photo, row.photo_name, row.photo_type, row.now],
      );
    },
    async insertOnce(row) {
      const { rowCount } = await query(
        `INSERT INTO outbox (id, kind, lang, payload, photo, photo_name, photo_type, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $8) ON CONFLICT (id) DO NOTHING`,
        [row.id, row.kind, row.lang, row.payload, row.photo, row.photo_name, row.photo_type, row.now, row.due ?? row.now],
      );
      return (rowCount ?? 0) > 0;
    },
    async finishMail(id, end, at, error) {
      await query("UPDATE outbox SET status = $1, delivered_at = $2, attempts = attempts + 1, last_error = $3 WHERE id = $4", [end, at, error, id]);
    },
    async mail(limit, offset) {
      const columns = "id, payload, status, attempts, created_at, delivered_at, last_error";
      const [list, count] = await Promise.all([
        query<MailRow>(`SELECT ${columns} FROM outbox WHERE kind = 'mail' ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [limit, offset]),
        query<{ total: number }>("SELECT COUNT(*)::int AS total FROM outbox WHERE kind = 'mail'"),
      ]);
      return { total: count.rows[0].total, rows: list.rows };
    },
    async mailOne(id) {
      const { rows } = await query<MailRow>(
        "SELECT id, payload, status, attempts, created_at, delivered_at, last_error FROM outbox WHERE kind = 'mail' AND id = $1",
        [id],
      );
      return rows[0];
    },
    async mailAbout(prefix) {
      const { rows } = await query<MailRow>(
        "SELECT id, payload, status, attempts, created_at, delivered_at, last_error FROM outbox WHERE kind = 'mail' AND left(id, length($1)) = $1 ORDER BY created_at, id",
        [prefix],
      );
      return rows;
    },
    async eraseBulletinMail(suffix) {
      const { rowCount } = await query("DELETE FROM outbox WHERE kind = 'mail' AND left(id, 9) = 'bulletin:' AND right(id, length($1)) = $1", [suffix]);
      return rowCount ?? 0;
    },
    async mailCounts(prefix) {
      const { rows } = await query<{ status: string; n: string }>(
        "SELECT status, COUNT(*) AS n FROM outbox WHERE kind = 'mail' AND left(id, length($1)) = $1 GROUP BY status",
        [prefix],
      );
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },
    async eraseMail(prefix) {
      const { rowCount } = await query("DELETE FROM outbox WHERE kind = 'mail' AND left(id, length($1)) = $1", [prefix]);
      return rowCount ?? 0;
    },
    async claimDue(now, limit, skip = new Set()) {
      const { rows } = await query<OutboxRow>(
        `UPDATE outbox SET next_attempt_at = $2
         WHERE id IN (
           SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= $1 AND NOT (id = ANY($4))
           ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED
         )
         RETURNING id, kind, lang, payload, photo, photo_name, photo_type, upload_id, attempts, created_at`,
        [now, now + leaseMs, limit, [...skip]],
      );
      return rows.sort((a, b) => a.created_at - b.created_at);
    },
    async release(ids) {
      if (ids.length) await query("UPDATE outbox SET next_attempt_at = $2 WHERE id = ANY($1) AND status = 'pending'", [ids, Date.now()]);
    },
    async saveUpload(id, uploadId) {
      await query("UPDATE outbox SET upload_id = $1 WHERE id = $2", [uploadId, id]);
    },
    async markDelivered(id, at) {
      await query(`UPDATE outbox SET status = 'delivered', delivered_at = $1, ${SCRUBBED} WHERE id = $2`, [at, id]);
    },
    async markRejected(id, reason) {
      await query("UPDATE outbox SET status = 'rejected', last_error = $1 WHERE id = $2", [reason, id]);
    },
    async retryLater(id, at, reason) {
      await query("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2 WHERE id = $3", [at, reason, id]);
    },
    async pendingStats() {
      const { rows } = await query<{ depth: number; oldest: number | null }>(
        `SELECT COUNT(*)::int AS depth, MIN(CASE WHEN attempts = 0 AND next_attempt_at > created_at THEN next_attempt_at ELSE created_at END) AS oldest FROM outbox WHERE status = 'pending'`,
      );
      return rows[0];
    },
    async upcoming() {
      const { rows } = await query<{ id: string; next_attempt_at: number }>(
        "SELECT id, next_attempt_at FROM outbox WHERE status = 'pending' ORDER BY next_attempt_at LIMIT 100",
      );
      return rows;
    },
    async refused(limit) {
      const [list, count] = await Promise.all([
        query<RefusedRow>(
          "SELECT id, kind, lang, payload, attempts, created_at, last_error FROM outbox WHERE status = 'rejected' ORDER BY created_at DESC LIMIT $1",
          [limit],
        ),
        query<{ total: number }>("SELECT COUNT(*)::int AS total FROM outbox WHERE status = 'rejected'"),
      ]);
      return { total: count.rows[0].total, rows: list.rows };
    },
    async refusedOne(id) {
      const { rows } = await query<{ id: string; kind: OutboxRow["kind"]; last_error: string | null }>(
        "SELECT id, kind, last_error FROM outbox WHERE id = $1 AND status = 'rejected'",
        [id],
      );
      return rows[0];
    },
    async requeue(id, now) {
      const { rowCount } = await query(
        "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, last_error = NULL WHERE id = $2 AND status = 'rejected'",
        [now, id],
      );
      return (rowCount ?? 0) > 0;
    },
    async discard(id) {
      const { rowCount } = await query("DELETE FROM outbox WHERE id = $1 AND status = 'rejected'", [id]);
      return (rowCount ?? 0) > 0;
    },
    async purge(cutoff) {
      await schema();
      const { changed, refused } = await inTransaction(pool, async (client) => {
        const scrubbed = await client.query(SCRUB_EARLIER);
        const delivered = await client.query("DELETE FROM outbox WHERE status = 'delivered' AND delivered_at < $1", [cutoff]);
        const mail = await client.query(`${MAIL_EXPIRED}$1`, [cutoff]);
        const refused = await client.query<{ id: string; kind: string }>(
          "DELETE FROM outbox WHERE status = 'rejected' AND created_at < $1 RETURNING id, kind",
          [cutoff],
        );
        return { changed: (scrubbed.rowCount ?? 0) + (delivered.rowCount ?? 0) + (mail.rowCount ?? 0) + refused.rows.length, refused: refused.rows };
      });
      if (existsSync(dataDir)) deleteSetAsideBefore(dataDir, cutoff, logger);
      return { changed, refusedDeleted: refused };
    },
    // PostgreSQL's own older row versions are reclaimed by (auto)vacuum: README, "Running several instances".
    forgetRemoved() {},
    async checkWritable() {
      await query("INSERT INTO outbox_heartbeat (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at", [Date.now()]);
    },
    async status(id) {
      const { rows } = await query<RowStatus>("SELECT status, attempts, upload_id, last_error FROM outbox WHERE id = $1", [id]);
      return rows[0];
    },
    beforeDeliveries: null,
    async close() {
      await pool.end();
    },
  };
}
