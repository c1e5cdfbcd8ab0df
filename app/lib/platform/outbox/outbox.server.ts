import { randomUUID } from "node:crypto";
import { statfsSync } from "node:fs";
import type { ApiClient } from "~/lib/platform/api/client.server";
import { postEndpoints, type ContactFormPayload, type JobOfferPayload, type WebAgencyRegistrationPayload } from "~/lib/platform/api/contract";
import { ApiError } from "~/lib/platform/api/errors";
import { requestContext, type Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";
import { deleteSetAsideBefore, openOutboxDb } from "~/lib/platform/outbox/open-db.server";
import { pendingPhotoCleaning } from "~/lib/platform/outbox/photo-cleaning.server";
import { forgetErased } from "~/lib/platform/sqlite.server";

/**
 * The outbox could not store a lead (full disk, read-only or damaged file): the visitor is asked to
 * send it again. Thrown by the outbox server.ts made, caught by the lead action: one bundle, one class.
 */
export class OutboxUnavailableError extends Error {}

/** Below this much free space the outbox says it cannot take leads (readiness), before a write fails. */
const MIN_FREE_BYTES = 2 * 1024 * 1024;

export type Lead =
  | { kind: "contactForm"; payload: ContactFormPayload }
  | { kind: "webAgencyRegistration"; payload: WebAgencyRegistrationPayload }
  | { kind: "jobOffer"; payload: Omit<JobOfferPayload, "imageId">; photo: { name: string; type: string; bytes: Buffer } };

export interface OutboxOptions {
  dataDir: string;
  api: Pick<ApiClient, "post" | "uploadImage">;
  /**
   * How long a delivered lead's row (already without its personal data), a refused lead and a
   * damaged outbox file set aside are kept (OUTBOX_RETENTION_DAYS, ADR 030).
   */
  retentionDays?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  logger: Logger;
  metrics: Pick<Metrics, "outboxCorruptFiles" | "outboxWriteFailures">;
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

/** A job application whose photo was dropped before it was uploaded (photo-cleaning.server.ts): it cannot be sent. */
class PhotoMissing extends Error {}

const DAY_MS = 86_400_000;
/** How often the delivery loop looks for rows past their retention: expiry is in days, not minutes. */
const PURGE_EVERY_MS = 60 * 60_000;

/** The API will never accept these as they are; retrying would only repeat the refusal. */
const isPermanent = (error: unknown) =>
  error instanceof PhotoMissing || (error instanceof ApiError && error.kind === "status" && [400, 413, 415, 422].includes(error.status ?? 0));

/**
 * A transactional outbox: a lead is stored in SQLite before the visitor sees success, then
 * delivered with its id as the Idempotency-Key and retried with backoff until the API accepts it.
 * A job application is two calls; the upload's reference is stored so a retry resumes after it.
 */
export function createOutbox(options: OutboxOptions) {
  const baseDelay = options.baseDelayMs ?? 2_000;
  const maxDelay = options.maxDelayMs ?? 5 * 60_000;
  const retentionMs = (options.retentionDays ?? 30) * DAY_MS;
  const { logger, metrics } = options;
  const db = openOutboxDb(options.dataDir, logger, metrics);
  // Photos stored before they were re-encoded: cleaned before anything is delivered, once.
  const cleanPhotos = pendingPhotoCleaning(db, logger);
  let photosCleaned: Promise<void> | null = null;

  const insert = db.prepare(
    `INSERT INTO outbox (id, kind, lang, payload, photo, photo_name, photo_type, next_attempt_at, created_at)
     VALUES (@id, @kind, @lang, @payload, @photo, @photo_name, @photo_type, @now, @now)`,
  );
  const due = db.prepare("SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY created_at LIMIT 20");
  const saveUpload = db.prepare("UPDATE outbox SET upload_id = ? WHERE id = ?");
  // Once the API has the lead, the row keeps what delivery needs (id, kind, language, status,
  // attempts, times) and nothing the visitor typed or sent: erasing the lead at the API is then the
  // whole erasure (ADR 030).
  const SCRUBBED = "payload = '{}', photo = NULL, photo_name = NULL, photo_type = NULL, upload_id = NULL, last_error = NULL";
  const delivered = db.prepare(`UPDATE outbox SET status = 'delivered', delivered_at = ?, ${SCRUBBED} WHERE id = ?`);
  // Rows delivered before scrubbing existed.
  const scrubDelivered = db.prepare(
    `UPDATE outbox SET ${SCRUBBED} WHERE status = 'delivered' AND (payload <> '{}' OR photo IS NOT NULL OR photo_name IS NOT NULL OR upload_id IS NOT NULL OR last_error IS NOT NULL)`,
  );
  const expiredDelivered = db.prepare("DELETE FROM outbox WHERE status = 'delivered' AND delivered_at < ?");
  const expiredRejected = db.prepare("SELECT id, kind FROM outbox WHERE status = 'rejected' AND created_at < ?");
  const discardRejected = db.prepare("DELETE FROM outbox WHERE id = ? AND status = 'rejected'");
  const rejected = db.prepare("UPDATE outbox SET status = 'rejected', last_error = ? WHERE id = ?");
  const retryLater = db.prepare("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?");
  const pendingStats = db.prepare("SELECT COUNT(*) AS depth, MIN(created_at) AS oldest FROM outbox WHERE status = 'pending'");
  const upcoming = db.prepare("SELECT id, next_attempt_at FROM outbox WHERE status = 'pending' ORDER BY next_attempt_at LIMIT 100");
  const rejectedRows = db.prepare(
    "SELECT id, kind, lang, payload, attempts, created_at, last_error FROM outbox WHERE status = 'rejected' ORDER BY created_at DESC LIMIT ?",
  );
  const rejectedCount = db.prepare("SELECT COUNT(*) FROM outbox WHERE status = 'rejected'").pluck();
  const rejectedOne = db.prepare("SELECT id, kind, last_error FROM outbox WHERE id = ? AND status = 'rejected'");
  const requeue = db.prepare("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE id = ? AND status = 'rejected'");
  const heartbeat = db.prepare("INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at");

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let runs = 0;
  let purgedAt = 0;

  const backoff = (attempts: number) => Math.min(maxDelay, baseDelay * 2 ** attempts) * (0.8 + Math.random() * 0.4);

  /*
   * When the disk refuses a write, what the database says is due cannot be trusted: a lead whose
   * failed delivery could not be recorded would be due again at once, and the loop would post it
   * thousands of times a minute. So the outbox also keeps, in memory, when each such lead may be
   * tried next, and pauses the whole loop on the same doubling backoff until a write succeeds again.
   */
  const held = new Map<string, { until: number; attempts: number }>();
  let writeFailures = 0;
  let pausedUntil = 0;

  /** Runs a write; on failure counts it, pauses the loop and returns false (the caller decides what that means). */
  function recorded(write: () => unknown): boolean {
    try {
      write();
      writeFailures = 0;
      pausedUntil = 0;
      return true;
    } catch (error) {
      metrics.outboxWriteFailures.inc();
      pausedUntil = Date.now() + backoff(writeFailures++);
      logger.error({ err: error instanceof Error ? error.message : String(error), retryInMs: pausedUntil - Date.now() }, "outbox: write failed");
      return false;
    }
  }

  function holdOff(row: Row, attempts: number) {
    held.set(row.id, { until: Date.now() + backoff(attempts), attempts: attempts + 1 });
  }

  async function deliver(row: Row) {
    const payload = JSON.parse(row.payload);
    if (row.kind === "jobOffer") {
      let imageId = row.upload_id;
      if (!imageId) {
        if (!row.photo) throw new PhotoMissing("The lead's photo was refused before it could be uploaded");
        const file = new File([new Uint8Array(row.photo)], row.photo_name ?? "photo", { type: row.photo_type ?? "" });
        const uploaded = (await options.api.uploadImage({ lang: row.lang, file, idempotencyKey: `${row.id}:photo` })).id;
        // Not recorded: the upload's own idempotency key makes the next try get the same id back.
        recorded(() => saveUpload.run(uploaded, row.id));
        imageId = uploaded;
      }
      await options.api.post("jobOffer", { lang: row.lang, payload: { ...payload, imageId }, idempotencyKey: row.id });
    } else {
      await options.api.post(row.kind, { lang: row.lang, payload, idempotencyKey: row.id });
    }
  }

  /** Drops the log's older copies of scrubbed or deleted rows; a failure only delays it to SQLite's next checkpoint. */
  function forget() {
    try {
      forgetErased(db);
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "outbox: could not checkpoint after removing personal data");
    }
  }

  /**
   * Deletes what is past OUTBOX_RETENTION_DAYS: delivered rows (counted from delivery), refused
   * leads (from when the visitor sent them: nobody sent them again in that time) and damaged files
   * set aside. Pending leads are never deleted: they still have to reach the API.
   */
  function purgeExpired(now = Date.now()) {
    const cutoff = now - retentionMs;
    const changed = db.transaction(() => {
      let changes = scrubDelivered.run().changes + expiredDelivered.run(cutoff).changes;
      for (const row of expiredRejected.all(cutoff) as { id: string; kind: string }[]) {
        changes += discardRejected.run(row.id).changes;
        logger.warn({ lead: row.id, kind: row.kind, retentionDays: retentionMs / DAY_MS }, "outbox: refused lead deleted after its retention period");
      }
      return changes;
    })();
    if (changed > 0) forget();
    deleteSetAsideBefore(options.dataDir, cutoff, logger);
  }

  async function runDue() {
    if (Date.now() - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = Date.now();
      // Not recorded(): a failed purge is not a failed lead, and is tried again within the hour.
      try {
        purgeExpired();
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, "outbox: could not delete expired rows");
      }
    }
    if (Date.now() < pausedUntil) return;
    if (cleanPhotos) {
      photosCleaned ??= cleanPhotos().catch((error: unknown) => {
        photosCleaned = null;
        throw error;
      });
      await photosCleaned;
    }
    let scrubbed = false;
    for (const row of due.all(Date.now()) as Row[]) {
      if (stopped || Date.now() < pausedUntil) break;
      const hold = held.get(row.id);
      if (hold && hold.until > Date.now()) continue;
      const attempts = Math.max(row.attempts, hold?.attempts ?? 0);
      try {
        await deliver(row);
      } catch (error) {
        const message = error instanceof Error ? error.message : "unknown error";
        if (isPermanent(error)) {
          // Kept, not lost: a refused lead stays in the outbox for someone to look at.
          if (!recorded(() => rejected.run(message, row.id))) holdOff(row, attempts);
          logger.error({ lead: row.id, kind: row.kind, err: message }, "outbox: lead refused by the API");
        } else {
          holdOff(row, attempts);
          recorded(() => retryLater.run(held.get(row.id)!.until, message, row.id));
          logger.warn({ lead: row.id, kind: row.kind, attempt: attempts + 1, err: message }, "outbox: lead not delivered yet");
        }
        continue;
      }
      // Delivered. If that cannot be recorded the lead is sent again later, with the same
      // Idempotency-Key, and the API keeps one copy.
      if (recorded(() => delivered.run(Date.now(), row.id))) {
        held.delete(row.id);
        scrubbed = true;
      } else holdOff(row, attempts);
    }
    if (scrubbed) forget();
  }

  /** When anything may be tried next: the database's due times, the in-memory holds, the pause. */
  function nextWake(): number | null {
    let next: number | null = null;
    for (const { id, next_attempt_at } of upcoming.all() as { id: string; next_attempt_at: number }[]) {
      const at = Math.max(next_attempt_at, held.get(id)?.until ?? 0);
      next = next === null ? at : Math.min(next, at);
    }
    return next === null ? null : Math.max(next, pausedUntil);
  }

  function schedule(delayMs?: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    let wait = delayMs ?? 30_000;
    if (delayMs === undefined) {
      try {
        const next = nextWake();
        if (next !== null) wait = Math.max(0, next - Date.now());
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, "outbox: cannot read what is due");
      }
    }
    // Background work runs in its own context, so its log lines carry its own id, never the id of
    // the visitor whose post happened to schedule it.
    timer = setTimeout(() => requestContext.run({ requestId: `outbox-${++runs}`, background: true }, tick), Math.min(wait, 30_000));
    timer.unref();
  }

  function tick() {
    if (running || stopped) return;
    running = runDue()
      .catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, "outbox: delivery loop failed"))
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
      const stored = recorded(() =>
        insert.run({
          id,
          kind: lead.kind,
          lang,
          payload: JSON.stringify(lead.payload),
          photo: photo?.bytes ?? null,
          photo_name: photo?.name ?? null,
          photo_type: photo?.type ?? null,
          now: Date.now(),
        }),
      );
      if (!stored) throw new OutboxUnavailableError("The outbox could not store the lead");
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
    /**
     * Readiness: leads can be stored. A real write (the heartbeat row), and enough free space for a
     * lead with its photo: a write into pages SQLite already holds can succeed on a full disk.
     */
    checkWritable() {
      const { bavail, bsize } = statfsSync(options.dataDir);
      if (bavail * bsize < MIN_FREE_BYTES) throw new Error("the outbox's disk is full");
      heartbeat.run(Date.now());
    },
    stats() {
      const { depth, oldest } = pendingStats.get() as { depth: number; oldest: number | null };
      return { depth, oldestAgeSeconds: oldest === null ? 0 : (Date.now() - oldest) / 1000 };
    },
    /** Leads the API refused, newest first, with its reason and who sent them (the delivery page). */
    rejectedLeads(limit = 100) {
      const rows = rejectedRows.all(limit) as {
        id: string;
        kind: Lead["kind"];
        lang: string;
        payload: string;
        attempts: number;
        created_at: number;
        last_error: string | null;
      }[];
      return {
        total: rejectedCount.get() as number,
        leads: rows.map((row) => {
          const payload = JSON.parse(row.payload) as { name?: string; contactPerson?: string; email?: string };
          return {
            id: row.id,
            kind: row.kind,
            lang: row.lang,
            name: payload.name ?? payload.contactPerson ?? "",
            email: payload.email ?? "",
            createdAt: new Date(row.created_at).toISOString(),
            reason: row.last_error ?? "",
          };
        }),
      };
    },
    /**
     * Deletes a refused lead at once (the delivery page's "discard"): such a lead never reached the
     * API, so this is how the owner erases it. False when there is no such refused lead.
     */
    discard(id: string): boolean {
      const changed = discardRejected.run(id).changes > 0;
      if (changed) forget();
      return changed;
    },
    /** OUTBOX_RETENTION_DAYS, for the delivery page to say how long a refused lead stays. */
    retentionDays: retentionMs / DAY_MS,
    /** Runs the retention purge now, as of `now` (the delivery loop runs it hourly; tests move time). */
    purgeExpired,
    /** One refused lead's id, kind and reason, without what its sender typed; undefined when it is not refused (now). */
    refusedLead(id: string) {
      const row = rejectedOne.get(id) as { id: string; kind: Lead["kind"]; last_error: string | null } | undefined;
      return row && { id: row.id, kind: row.kind, reason: row.last_error ?? "" };
    },
    /** Puts a refused lead back in line (after the API or the lead was fixed); false when there is no such refused lead. */
    sendAgain(id: string): boolean {
      const changed = requeue.run(Date.now(), id).changes > 0;
      if (changed) schedule(0);
      return changed;
    },
    status(id: string) {
      return db.prepare("SELECT status, attempts, upload_id, last_error FROM outbox WHERE id = ?").get(id) as
        { status: string; attempts: number; upload_id: string | null; last_error: string | null } | undefined;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
