import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { ApiClient } from "~/lib/api/client.server";
import {
  postEndpoints,
  type ContactFormPayload,
  type JobOfferPayload,
  type WebAgencyRegistrationPayload,
} from "~/lib/api/contract";
import { ApiError } from "~/lib/api/errors";
import { logger } from "~/lib/logger.server";

export type Lead =
  | { kind: "contactForm"; payload: ContactFormPayload }
  | { kind: "webAgencyRegistration"; payload: WebAgencyRegistrationPayload }
  | { kind: "jobOffer"; payload: Omit<JobOfferPayload, "imageId">; photo: { name: string; type: string; bytes: Buffer } };

export interface OutboxOptions {
  dataDir: string;
  api: Pick<ApiClient, "post" | "uploadImage">;
  /** First retry delay; doubles per attempt up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

interface Row {
  id: string;
  kind: Lead["kind"];
  lang: string;
  payload: string;
  photo: Buffer | null;
  photo_name: string | null;
  photo_type: string | null;
  upload_id: string | null;
  attempts: number;
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS outbox (
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
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (status, next_attempt_at);`;

/** The API will never accept these as they are; retrying would only repeat the refusal. */
const isPermanent = (error: unknown) =>
  error instanceof ApiError && error.kind === "status" && [400, 413, 415, 422].includes(error.status ?? 0);

/**
 * A transactional outbox: a lead is stored in SQLite before the visitor sees success, then
 * delivered with its id as the Idempotency-Key and retried with backoff until the API accepts it.
 * A job application is two calls; the upload's reference is stored so a retry resumes after it.
 */
export function createOutbox(options: OutboxOptions) {
  const baseDelay = options.baseDelayMs ?? 2_000;
  const maxDelay = options.maxDelayMs ?? 5 * 60_000;
  mkdirSync(options.dataDir, { recursive: true });
  const db = new Database(join(options.dataDir, "outbox.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec(SCHEMA);

  const insert = db.prepare(
    `INSERT INTO outbox (id, kind, lang, payload, photo, photo_name, photo_type, next_attempt_at, created_at)
     VALUES (@id, @kind, @lang, @payload, @photo, @photo_name, @photo_type, @now, @now)`,
  );
  const due = db.prepare("SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY created_at LIMIT 20");
  const nextDue = db.prepare("SELECT MIN(next_attempt_at) FROM outbox WHERE status = 'pending'").pluck();
  const saveUpload = db.prepare("UPDATE outbox SET upload_id = ? WHERE id = ?");
  const delivered = db.prepare("UPDATE outbox SET status = 'delivered', delivered_at = ?, photo = NULL, last_error = NULL WHERE id = ?");
  const rejected = db.prepare("UPDATE outbox SET status = 'rejected', last_error = ? WHERE id = ?");
  const retryLater = db.prepare("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?");
  const pendingStats = db.prepare("SELECT COUNT(*) AS depth, MIN(created_at) AS oldest FROM outbox WHERE status = 'pending'");

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function deliver(row: Row) {
    const payload = JSON.parse(row.payload);
    if (row.kind === "jobOffer") {
      let imageId = row.upload_id;
      if (!imageId) {
        const file = new File([new Uint8Array(row.photo!)], row.photo_name ?? "photo", { type: row.photo_type ?? "" });
        imageId = (await options.api.uploadImage({ lang: row.lang, file, idempotencyKey: `${row.id}:photo` })).id;
        saveUpload.run(imageId, row.id);
      }
      await options.api.post("jobOffer", { lang: row.lang, payload: { ...payload, imageId }, idempotencyKey: row.id });
    } else {
      await options.api.post(row.kind, { lang: row.lang, payload, idempotencyKey: row.id });
    }
  }

  async function runDue() {
    for (const row of due.all(Date.now()) as Row[]) {
      if (stopped) return;
      try {
        await deliver(row);
        delivered.run(Date.now(), row.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : "unknown error";
        if (isPermanent(error)) {
          // Kept, not lost: a refused lead stays in the outbox for someone to look at.
          rejected.run(message, row.id);
          logger.error({ lead: row.id, kind: row.kind, err: message }, "outbox: lead refused by the API");
        } else {
          const delay = Math.min(maxDelay, baseDelay * 2 ** row.attempts) * (0.8 + Math.random() * 0.4);
          retryLater.run(Date.now() + Math.round(delay), message, row.id);
          logger.warn({ lead: row.id, kind: row.kind, attempt: row.attempts + 1, err: message }, "outbox: lead not delivered yet");
        }
      }
    }
  }

  function schedule(delayMs?: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const next = nextDue.get() as number | null;
    const wait = delayMs ?? (next === null ? 30_000 : Math.max(0, next - Date.now()));
    timer = setTimeout(tick, Math.min(wait, 30_000));
    timer.unref();
  }

  function tick() {
    if (running || stopped) return;
    running = runDue()
      .catch((error: unknown) => logger.error({ err: error }, "outbox: delivery loop failed"))
      .finally(() => {
        running = null;
        schedule();
      });
  }

  return {
    /** Stores the lead durably; the caller may answer success once this returns. */
    enqueue(lang: string, lead: Lead): string {
      // A payload the contract refuses is a bug here, not a lead to retry for ever: fail before storing.
      const schema = postEndpoints[lead.kind].payload;
      (lead.kind === "jobOffer" ? (schema as typeof postEndpoints.jobOffer.payload).omit({ imageId: true }) : schema).parse(lead.payload);
      const id = randomUUID();
      const photo = lead.kind === "jobOffer" ? lead.photo : null;
      insert.run({
        id,
        kind: lead.kind,
        lang,
        payload: JSON.stringify(lead.payload),
        photo: photo?.bytes ?? null,
        photo_name: photo?.name ?? null,
        photo_type: photo?.type ?? null,
        now: Date.now(),
      });
      schedule(0);
      return id;
    },
    start() {
      stopped = false;
      schedule(0);
    },
    /** Runs what is due now and waits for it (tests, shutdown). */
    async flush() {
      while (running) await running;
      await runDue();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (running) await running;
      db.close();
    },
    /** Readiness: takes and releases the write lock, so a read-only or full disk shows up here. */
    checkWritable() {
      db.exec("BEGIN IMMEDIATE; ROLLBACK");
    },
    stats() {
      const { depth, oldest } = pendingStats.get() as { depth: number; oldest: number | null };
      return { depth, oldestAgeSeconds: oldest === null ? 0 : (Date.now() - oldest) / 1000 };
    },
    status(id: string) {
      return db.prepare("SELECT status, attempts, upload_id, last_error FROM outbox WHERE id = ?").get(id) as
        | { status: string; attempts: number; upload_id: string | null; last_error: string | null }
        | undefined;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
