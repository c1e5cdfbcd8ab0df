import { randomUUID } from "node:crypto";
import type { ApiClient } from "~/lib/platform/api/client.server";
import { postEndpoints } from "~/lib/platform/api/contract";
import { ApiError } from "~/lib/platform/api/errors";
import { PDF_MIME_TYPE } from "~/lib/forms/choices";
import { PACKED_FILES_TYPE, packFiles, unpackFiles } from "~/lib/platform/outbox/lead-files.server";
import { requestContext, type Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";
import { JOB_KINDS, type JobKind, type Lead, type MailEnd, type OutboxRow, type OutboxStore } from "~/lib/platform/outbox/store.server";

/**
 * The outbox could not store a lead (full disk, read-only or damaged file): the visitor is asked to
 * send it again. Thrown by the outbox server.ts made, caught by the lead action: one bundle, one class.
 */
export class OutboxUnavailableError extends Error {}

export type { Lead } from "~/lib/platform/outbox/store.server";

export interface OutboxOptions {
  /** Where rows are kept: SQLite in DATA_DIR (sqlite-store.server.ts) or PostgreSQL (postgres-store.server.ts). */
  store: OutboxStore;
  api: Pick<ApiClient, "post" | "uploadImage" | "uploadDocument">;
  /**
   * How long a delivered lead's row (already without its personal data), a refused lead and a
   * damaged outbox file set aside are kept (OUTBOX_RETENTION_DAYS, ADR 030).
   */
  retentionDays?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  logger: Logger;
  metrics: Pick<Metrics, "outboxWriteFailures">;
}

type Row = OutboxRow;

/**
 * What the outbox runs for the site's own jobs (mail/jobs.server.ts): they are retried, leased and
 * kept like leads, but the outbox knows nothing of mail.
 */
export interface OutboxJobs {
  /** Sends a mail job: "sent", or "kept" when no SMTP server is configured; throws to retry it. */
  mail(row: Row): Promise<Exclude<MailEnd, "failed">>;
  /** Whether a mail error will never go away (the SMTP server refused the message for good). */
  isMailRefused(error: unknown): boolean;
  /** A delivered lead's alert: asks the API whom to tell, and enqueues their mail. */
  leadAlert(row: Row): Promise<void>;
  /** A clinic day's digest of overdue follow-ups: asks the API who has some, and enqueues their mail. */
  digest(row: Row): Promise<void>;
  /** A bulletin's send, at its time: asks the API for its recipients, and enqueues one mail each (ADR 057). */
  bulletin?(row: Row): Promise<void>;
  /** A web push notification (ADR 058): asks the API for its browsers, and enqueues one push job each. */
  pushFanout?(row: Row): Promise<void>;
  /** One browser's push message: "sent", or "failed" for good (reported to the API); throws to retry it. */
  push?(row: Row, attempts: number): Promise<"sent" | "failed">;
}

/** A job as the site enqueues it: its id is its idempotency key (a second enqueue of it stores nothing). */
export interface NewJob {
  id: string;
  kind: JobKind;
  lang: string;
  payload: unknown;
  /** When it is first due (ms); now by default. */
  dueAt?: number;
}

/** A mail that keeps failing for other reasons (an SMTP server down for days) stops here, as failed. */
const MAIL_ATTEMPTS = 12;
/** The alert job of a lead delivered with this outbox id. */
export const alertJobId = (leadRowId: string) => `alert-job:${leadRowId}`;

/** A job application whose photo was dropped before it was uploaded (photo-cleaning.server.ts): it cannot be sent. */
class PhotoMissing extends Error {}

const DAY_MS = 86_400_000;
/** How often the delivery loop looks for rows past their retention: expiry is in days, not minutes. */
const PURGE_EVERY_MS = 60 * 60_000;

/** The API will never accept these as they are; retrying would only repeat the refusal. */
const isPermanent = (error: unknown) =>
  error instanceof PhotoMissing || (error instanceof ApiError && error.kind === "status" && [400, 413, 415, 422].includes(error.status ?? 0));
/**
 * A job the API answers with a client error other than "later" (an API without the call: 404) will
 * not work by retrying; it ends as failed, logged, and never shows among refused leads.
 */
const isJobRefused = (error: unknown) =>
  error instanceof ApiError && error.kind === "status" && (error.status ?? 0) >= 400 && (error.status ?? 0) < 500 && ![408, 429].includes(error.status ?? 0);
const isJob = (kind: string) => (JOB_KINDS as readonly string[]).includes(kind);

/** How many due rows one pass takes. */
const BATCH = 20;

/**
 * A transactional outbox: a lead is stored (SQLite in DATA_DIR, or PostgreSQL shared by every
 * instance) before the visitor sees success, then delivered with its id as the Idempotency-Key and
 * retried with backoff until the API accepts it. A job application is two calls; the upload's
 * reference is stored so a retry resumes after it.
 */
export function createOutbox(options: OutboxOptions) {
  const baseDelay = options.baseDelayMs ?? 2_000;
  const maxDelay = options.maxDelayMs ?? 5 * 60_000;
  const retentionMs = (options.retentionDays ?? 30) * DAY_MS;
  const { logger, metrics, store } = options;
  let photosCleaned: Promise<void> | null = null;
  let jobs: OutboxJobs | null = null;

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let runs = 0;
  let purgedAt = 0;

  const backoff = (attempts: number) => Math.min(maxDelay, baseDelay * 2 ** attempts) * (0.8 + Math.random() * 0.4);
  const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

  /*
   * When the store refuses a write, what it says is due cannot be trusted: a lead whose failed
   * delivery could not be recorded would be due again at once, and the loop would post it thousands
   * of times a minute. So the outbox also keeps, in memory, when each such lead may be tried next,
   * and pauses the whole loop on the same doubling backoff until a write succeeds again.
   */
  const held = new Map<string, { until: number; attempts: number }>();
  let writeFailures = 0;
  let pausedUntil = 0;

  /** Runs a write; on failure counts it, pauses the loop and returns false (the caller decides what that means). */
  async function recorded(write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      writeFailures = 0;
      pausedUntil = 0;
      return true;
    } catch (error) {
      metrics.outboxWriteFailures.inc();
      pausedUntil = Date.now() + backoff(writeFailures++);
      logger.error({ err: messageOf(error), retryInMs: pausedUntil - Date.now() }, "outbox: write failed");
      return false;
    }
  }

  function holdOff(row: Row, attempts: number) {
    held.set(row.id, { until: Date.now() + backoff(attempts), attempts: attempts + 1 });
  }

  /**
   * A built form's files (ADR 065), each uploaded before the lead: a PDF as a document, kept as sent;
   * a photo as an image. Each upload's id is recorded as it comes (a JSON map in `upload_id`), so a
   * retry resumes after it; the upload's own idempotency key gives the same id back if that write failed.
   */
  async function uploadFiles(row: Row): Promise<Record<string, string>> {
    const uploaded = row.upload_id ? (JSON.parse(row.upload_id) as Record<string, string>) : {};
    for (const file of row.photo ? unpackFiles(row.photo) : []) {
      if (uploaded[file.key]) continue;
      const upload = { lang: row.lang, file: new File([new Uint8Array(file.bytes)], file.name, { type: file.type }), idempotencyKey: `${row.id}:${file.key}` };
      uploaded[file.key] = (file.type === PDF_MIME_TYPE ? await options.api.uploadDocument(upload) : await options.api.uploadImage(upload)).id;
      await recorded(() => store.saveUpload(row.id, JSON.stringify(uploaded)));
    }
    return uploaded;
  }

  async function deliver(row: Row & { kind: Lead["kind"] }) {
    const payload = JSON.parse(row.payload);
    if (row.kind === "jobOffer") {
      let imageId = row.upload_id;
      if (!imageId) {
        if (!row.photo) throw new PhotoMissing("The lead's photo was refused before it could be uploaded");
        const file = new File([new Uint8Array(row.photo)], row.photo_name ?? "photo", { type: row.photo_type ?? "" });
        const uploaded = (await options.api.uploadImage({ lang: row.lang, file, idempotencyKey: `${row.id}:photo` })).id;
        // Not required: the upload's own idempotency key makes the next try get the same id back.
        await recorded(() => store.saveUpload(row.id, uploaded));
        imageId = uploaded;
      }
      await options.api.post("jobOffer", { lang: row.lang, payload: { ...payload, imageId }, idempotencyKey: row.id });
    } else if (row.kind === "builtForm" && row.photo_type === PACKED_FILES_TYPE) {
      await options.api.post("builtForm", { lang: row.lang, payload: { ...payload, files: await uploadFiles(row) }, idempotencyKey: row.id });
    } else if (row.kind === "builtForm" && (row.photo || row.upload_id)) {
      // A built form's photo stored before forms took files per field: uploaded first, like a job application's.
      let imageId = row.upload_id;
      if (!imageId) {
        const file = new File([new Uint8Array(row.photo!)], row.photo_name ?? "photo", { type: row.photo_type ?? "" });
        imageId = (await options.api.uploadImage({ lang: row.lang, file, idempotencyKey: `${row.id}:photo` })).id;
        await recorded(() => store.saveUpload(row.id, imageId!));
      }
      await options.api.post("builtForm", { lang: row.lang, payload: { ...payload, imageId }, idempotencyKey: row.id });
    } else {
      await options.api.post(row.kind, { lang: row.lang, payload, idempotencyKey: row.id });
    }
  }

  /** Drops the engine's older copies of scrubbed or deleted rows; a failure only delays it (SQLite's next checkpoint). */
  function forget() {
    try {
      store.forgetRemoved();
    } catch (error) {
      logger.warn({ err: messageOf(error) }, "outbox: could not checkpoint after removing personal data");
    }
  }

  /**
   * Deletes what is past OUTBOX_RETENTION_DAYS: delivered rows (counted from delivery), refused
   * leads (from when the visitor sent them: nobody sent them again in that time) and damaged files
   * set aside. Pending leads are never deleted: they still have to reach the API.
   */
  async function purgeExpired(now = Date.now()) {
    const { changed, refusedDeleted } = await store.purge(now - retentionMs);
    for (const row of refusedDeleted) {
      logger.warn({ lead: row.id, kind: row.kind, retentionDays: retentionMs / DAY_MS }, "outbox: refused lead deleted after its retention period");
    }
    if (changed > 0) forget();
  }

  async function runDue() {
    if (Date.now() - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = Date.now();
      // Not recorded(): a failed purge is not a failed lead, and is tried again within the hour.
      try {
        await purgeExpired();
      } catch (error) {
        logger.error({ err: messageOf(error) }, "outbox: could not delete expired rows");
      }
    }
    if (Date.now() < pausedUntil) return;
    if (store.beforeDeliveries) {
      const clean = store.beforeDeliveries;
      photosCleaned ??= clean().catch((error: unknown) => {
        photosCleaned = null;
        throw error;
      });
      await photosCleaned;
    }
    let scrubbed = false;
    // One row at a time: with a shared store, a row is leased only while this instance sends it.
    const seen = new Set<string>();
    while (seen.size < BATCH && !stopped && Date.now() >= pausedUntil) {
      const [row] = await store.claimDue(Date.now(), 1, seen);
      if (!row) break;
      seen.add(row.id);
      const hold = held.get(row.id);
      if (hold && hold.until > Date.now()) {
        // Held in memory after a write failed: due again for whoever can record it.
        await store.release([row.id]).catch(() => undefined);
        continue;
      }
      const attempts = Math.max(row.attempts, hold?.attempts ?? 0);
      let mailEnd: MailEnd | null = null;
      try {
        if (isJob(row.kind)) {
          if (!jobs) throw new Error("no job runner");
          if (row.kind === "mail") mailEnd = await jobs.mail(row);
          else if (row.kind === "digest") await jobs.digest(row);
          else if (row.kind === "bulletin") {
            if (!jobs.bulletin) throw new Error("no bulletin runner");
            await jobs.bulletin(row);
          } else if (row.kind === "push" && jobs.push) mailEnd = await jobs.push(row, attempts);
          else if (row.kind === "pushFanout" && jobs.pushFanout) await jobs.pushFanout(row);
          else if (row.kind === "push" || row.kind === "pushFanout") throw new Error("no push runner");
          else await jobs.leadAlert(row);
        } else await deliver(row as Row & { kind: Lead["kind"] });
      } catch (error) {
        const message = error instanceof Error ? error.message : "unknown error";
        if (row.kind === "mail" && (jobs?.isMailRefused(error) || attempts + 1 >= MAIL_ATTEMPTS)) {
          // Kept as failed, with why, at /admin/mail.
          if (await recorded(() => store.finishMail(row.id, "failed", Date.now(), message))) held.delete(row.id);
          else holdOff(row, attempts);
          logger.error({ job: row.id, err: message }, "outbox: mail not sent, given up");
          continue;
        }
        if (row.kind !== "mail" && isJob(row.kind) && isJobRefused(error)) {
          if (await recorded(() => store.finishMail(row.id, "failed", Date.now(), message))) held.delete(row.id);
          else holdOff(row, attempts);
          logger.error({ job: row.id, err: message }, "outbox: job refused by the API, given up");
          continue;
        }
        if (isPermanent(error)) {
          // Kept, not lost: a refused lead stays in the outbox for someone to look at.
          if (!(await recorded(() => store.markRejected(row.id, message)))) holdOff(row, attempts);
          logger.error({ lead: row.id, kind: row.kind, err: message }, "outbox: lead refused by the API");
        } else {
          holdOff(row, attempts);
          await recorded(() => store.retryLater(row.id, held.get(row.id)!.until, message));
          logger.warn({ lead: row.id, kind: row.kind, attempt: attempts + 1, err: message }, "outbox: lead not delivered yet");
        }
        continue;
      }
      if (mailEnd) {
        // Not scrubbed: a mail names no patient (lead alerts carry none), and /admin/mail shows it.
        if (await recorded(() => store.finishMail(row.id, mailEnd!, Date.now(), null))) held.delete(row.id);
        else holdOff(row, attempts);
        continue;
      }
      // A lead the API accepted: its alert is stored first, once, so a lead marked delivered is
      // never one nobody will be told of.
      if (
        jobs &&
        !isJob(row.kind) &&
        !(await recorded(() => store.insertOnce(jobRow({ id: alertJobId(row.id), kind: "leadAlert", lang: row.lang, payload: {} }))))
      ) {
        holdOff(row, attempts);
        continue;
      }
      // Delivered. If that cannot be recorded the lead is sent again later, with the same
      // Idempotency-Key, and the API keeps one copy.
      if (await recorded(() => store.markDelivered(row.id, Date.now()))) {
        held.delete(row.id);
        scrubbed = true;
      } else holdOff(row, attempts);
    }
    if (scrubbed) forget();
  }

  function jobRow(job: NewJob) {
    return {
      id: job.id,
      kind: job.kind,
      lang: job.lang,
      payload: JSON.stringify(job.payload),
      photo: null,
      photo_name: null,
      photo_type: null,
      now: Date.now(),
      due: job.dueAt,
    };
  }

  /** When anything may be tried next: the store's due times, the in-memory holds, the pause. */
  async function nextWake(): Promise<number | null> {
    let next: number | null = null;
    for (const { id, next_attempt_at } of await store.upcoming()) {
      const at = Math.max(next_attempt_at, held.get(id)?.until ?? 0);
      next = next === null ? at : Math.min(next, at);
    }
    return next === null ? null : Math.max(next, pausedUntil);
  }

  async function schedule(delayMs?: number) {
    if (stopped) return;
    let wait = delayMs ?? 30_000;
    if (delayMs === undefined) {
      try {
        const next = await nextWake();
        if (next !== null) wait = Math.max(0, next - Date.now());
      } catch (error) {
        logger.error({ err: messageOf(error) }, "outbox: cannot read what is due");
      }
    }
    if (stopped) return;
    if (timer) clearTimeout(timer);
    // Background work runs in its own context, so its log lines carry its own id, never the id of
    // the visitor whose post happened to schedule it. At most 30 s: with a shared store, another
    // instance may have stored a lead this one has not heard of.
    timer = setTimeout(() => requestContext.run({ requestId: `outbox-${++runs}`, background: true }, tick), Math.min(wait, 30_000));
    timer.unref();
  }

  function tick() {
    if (running || stopped) return;
    running = runDue()
      .catch((error: unknown) => logger.error({ err: messageOf(error) }, "outbox: delivery loop failed"))
      .finally(() => {
        running = null;
        void schedule();
      });
  }

  return {
    /** Which engine keeps the rows ("sqlite" or "postgres"): the delivery page says so. */
    engine: store.engine,
    /** Stores the lead durably; the caller may answer success once this resolves. */
    async enqueue(lang: string, lead: Lead): Promise<string> {
      // A payload the contract refuses is a bug here, not a lead to retry for ever: fail before storing.
      const schema = postEndpoints[lead.kind].payload;
      (lead.kind === "jobOffer" ? (schema as typeof postEndpoints.jobOffer.payload).omit({ imageId: true }) : schema).parse(lead.payload);
      const id = randomUUID();
      const photo =
        lead.kind === "jobOffer"
          ? lead.photo
          : lead.kind === "builtForm" && lead.files.length
            ? { bytes: packFiles(lead.files), name: "files", type: PACKED_FILES_TYPE }
            : null;
      const stored = await recorded(() =>
        store.insert({
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
      void schedule(0);
      return id;
    },
    /**
     * What runs the site's own jobs (mail, bulletins, push): set once by services.server.ts, before
     * start(). A second call is refused: it would silently replace the first's runners (a merge once
     * left push jobs with none).
     */
    useJobs(runner: OutboxJobs) {
      if (jobs) throw new Error("outbox: the job runners are already set; name them all in one useJobs call");
      jobs = runner;
    },
    /**
     * Stores a job unless one with its id exists (false then): a retry or another instance making
     * the same job (the same lead's alert, the same day's digest) makes nothing new.
     */
    async enqueueJob(job: NewJob): Promise<boolean> {
      const created = await store.insertOnce(jobRow(job));
      if (created) void schedule(0);
      return created;
    },
    /** Mail jobs, newest first (/admin/mail). */
    mail: (limit: number, offset: number) => store.mail(limit, offset),
    mailOne: (id: string) => store.mailOne(id),
    /** The mail about one lead (a patient's timeline). */
    mailAbout: (idPrefix: string) => store.mailAbout(idPrefix),
    /** The mail jobs under one prefix per status: a bulletin's sent and failed counts. */
    mailCounts: (idPrefix: string) => store.mailCounts(idPrefix),
    /** Unsubscribing (ADR 057): an address's bulletin mail, named by its hash at the id's end. */
    async eraseBulletinMail(idSuffix: string) {
      const gone = await store.eraseBulletinMail(idSuffix);
      if (gone) forget();
      return gone;
    },
    /** Erasure (ADR 030): the mail about one lead. */
    async eraseMailAbout(idPrefix: string) {
      const gone = await store.eraseMail(idPrefix);
      if (gone) forget();
      return gone;
    },
    start() {
      stopped = false;
      void schedule(0);
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
      await store.close();
    },
    /** Readiness: a lead can be stored now (a real write, and room for one). */
    checkWritable: () => store.checkWritable(),
    async stats() {
      const { depth, oldest } = await store.pendingStats();
      // Counted from when a row was first due: a bulletin scheduled for next week, or its mail held to its
      // minute of the rate (ADR 057), has not been waiting yet.
      return { depth, oldestAgeSeconds: oldest === null ? 0 : Math.max(0, Date.now() - Number(oldest)) / 1000 };
    },
    /** Leads the API refused, newest first, with its reason and who sent them (the delivery page). */
    async rejectedLeads(limit = 100) {
      const { total, rows } = await store.refused(limit);
      return {
        total,
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
    async discard(id: string): Promise<boolean> {
      const changed = await store.discard(id);
      if (changed) forget();
      return changed;
    },
    /** OUTBOX_RETENTION_DAYS, for the delivery page to say how long a refused lead stays. */
    retentionDays: retentionMs / DAY_MS,
    /** Runs the retention purge now, as of `now` (the delivery loop runs it hourly; tests move time). */
    purgeExpired,
    /** One refused lead's id, kind and reason, without what its sender typed; undefined when it is not refused (now). */
    async refusedLead(id: string) {
      const row = await store.refusedOne(id);
      return row && { id: row.id, kind: row.kind, reason: row.last_error ?? "" };
    },
    /** Puts a refused lead back in line (after the API or the lead was fixed); false when there is no such refused lead. */
    async sendAgain(id: string): Promise<boolean> {
      const changed = await store.requeue(id, Date.now());
      if (changed) void schedule(0);
      return changed;
    },
    status: (id: string) => store.status(id),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
