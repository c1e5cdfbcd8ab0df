import type { LeadFile } from "~/lib/platform/outbox/lead-files.server";
import type { BuiltFormPayload, ContactFormPayload, JobOfferPayload, WebAgencyRegistrationPayload } from "~/lib/platform/api/contract";

/** A lead as the site hands it to the outbox: a job application with its photo, still to be uploaded. */
export type Lead =
  | { kind: "contactForm"; payload: ContactFormPayload }
  | { kind: "webAgencyRegistration"; payload: WebAgencyRegistrationPayload }
  | { kind: "jobOffer"; payload: Omit<JobOfferPayload, "imageId">; photo: { name: string; type: string; bytes: Buffer } }
  /** A built form's answers (ADR 065), with the file of each file field answered (a re-encoded photo or a PDF as sent). */
  | { kind: "builtForm"; payload: Omit<BuiltFormPayload, "imageId" | "files">; files: LeadFile[] };

/**
 * Once the API has the lead, the row keeps what delivery needs (id, kind, language, status,
 * attempts, times) and nothing the visitor typed or sent: erasing the lead at the API is then the
 * whole erasure (ADR 030). The same SQL in both engines.
 */
export const SCRUBBED = "payload = '{}', photo = NULL, photo_name = NULL, photo_type = NULL, upload_id = NULL, last_error = NULL";
/**
 * Jobs that ended (a mail sent, kept or failed; another job failed) before a cutoff: deleted with the
 * outbox's retention. Only jobs have these statuses; a lead ends delivered or refused.
 */
export const MAIL_EXPIRED = "DELETE FROM outbox WHERE status IN ('sent', 'kept', 'failed') AND created_at < ";
/** Delivered rows written before scrubbing existed. */
export const SCRUB_EARLIER = `UPDATE outbox SET ${SCRUBBED} WHERE status = 'delivered' AND (payload <> '{}' OR photo IS NOT NULL OR photo_name IS NOT NULL OR upload_id IS NOT NULL OR last_error IS NOT NULL)`;

/**
 * The site's own jobs beside leads, retried the same way: a mail to send (`mail`), finding who to
 * tell of a delivered lead (`leadAlert`) and making a day's digest of overdue follow-ups (`digest`),
 * both of which make mail jobs. Their id is their idempotency key, so a job made twice (a retry, a
 * second instance) is stored once.
 */
export type JobKind = "mail" | "leadAlert" | "digest" | "bulletin" | "pushFanout" | "push";
/**
 * Every job kind: what is not a lead. `bulletin` hands a bulletin's mail to the outbox, one job per
 * recipient (ADR 057); web push (ADR 058): a notification's fan-out to its browsers, and one browser's message.
 */
export const JOB_KINDS: readonly JobKind[] = ["mail", "leadAlert", "digest", "bulletin", "pushFanout", "push"];
/** How a mail job ended: sent over SMTP, kept (no SMTP_URL: shown at /admin/mail only), or failed for good. */
export type MailEnd = "sent" | "kept" | "failed";

/** A mail job as /admin/mail reads it. */
export interface MailRow {
  id: string;
  payload: string;
  status: string;
  attempts: number;
  created_at: number;
  delivered_at: number | null;
  last_error: string | null;
}

/** A lead as it is stored: what was sent, and when (`now`, its creation and first due time). */
export interface NewRow {
  id: string;
  kind: Lead["kind"] | JobKind;
  lang: string;
  payload: string;
  photo: Buffer | null;
  photo_name: string | null;
  photo_type: string | null;
  now: number;
  /** When a job is first due, if not at once (a scheduled bulletin, a bulletin's mail held to its rate). */
  due?: number;
}

/** A lead as the delivery loop reads it back: what it needs to send it, and how often it tried. */
export type OutboxRow = Omit<NewRow, "now"> & { upload_id: string | null; attempts: number; created_at: number };

export interface RefusedRow {
  id: string;
  kind: Lead["kind"] | JobKind;
  lang: string;
  payload: string;
  attempts: number;
  created_at: number;
  last_error: string | null;
}

export interface RowStatus {
  status: string;
  attempts: number;
  upload_id: string | null;
  last_error: string | null;
}

/**
 * Where the outbox keeps its rows: a SQLite file in DATA_DIR (one instance, the default) or
 * PostgreSQL (OUTBOX_DATABASE_URL, shared by every instance). The delivery loop (outbox.server.ts)
 * is the same over both; a store only reads and writes, and every method may throw when its engine
 * refuses (a full disk, a database that is down), which the loop treats as a failed write.
 */
export interface OutboxStore {
  /** Which engine, for logs and the delivery page. */
  readonly engine: "sqlite" | "postgres";
  insert(row: NewRow): Promise<void>;
  /** A job, unless one with its id exists (any status): false when it did. */
  insertOnce(row: NewRow): Promise<boolean>;
  /** A job's end (a mail's: kept with what it said, no scrubbing: it names no patient), until the retention. */
  finishMail(id: string, end: MailEnd, at: number, error: string | null): Promise<void>;
  /** Mail jobs, newest first. */
  mail(limit: number, offset: number): Promise<{ total: number; rows: MailRow[] }>;
  mailOne(id: string): Promise<MailRow | undefined>;
  /** The mail jobs whose id starts with this (`lead-alert:42:`), oldest first: a patient's timeline. */
  mailAbout(idPrefix: string): Promise<MailRow[]>;
  /** How many mail jobs whose id starts with this (`bulletin:7:`) are in each status (pending, sent, kept, failed). */
  mailCounts(idPrefix: string): Promise<Record<string, number>>;
  /** Unsubscribing: deletes the bulletin mail jobs (`bulletin:…`) whose id ends with this (an address's hash); how many. */
  eraseBulletinMail(idSuffix: string): Promise<number>;
  /** Erasure: deletes the mail jobs whose id starts with this (`lead-alert:42:`); how many. */
  eraseMail(idPrefix: string): Promise<number>;
  /**
   * Pending rows due by `now`, oldest first, but those in `skip` (already handled in this pass),
   * taken for this instance: PostgreSQL leases them (no other instance takes them for a while, and
   * gets them back if this one dies mid-delivery).
   */
  claimDue(now: number, limit: number, skip?: ReadonlySet<string>): Promise<OutboxRow[]>;
  /** Gives back rows claimed but not tried (the loop stopped): due again at once. */
  release(ids: string[]): Promise<void>;
  saveUpload(id: string, uploadId: string): Promise<void>;
  /** Delivered: the row keeps what delivery needs and nothing its sender typed (ADR 030). */
  markDelivered(id: string, at: number): Promise<void>;
  markRejected(id: string, reason: string): Promise<void>;
  retryLater(id: string, at: number, reason: string): Promise<void>;
  pendingStats(): Promise<{ depth: number; oldest: number | null }>;
  /** The next due times of pending rows, soonest first (the loop's wake-up). */
  upcoming(): Promise<{ id: string; next_attempt_at: number }[]>;
  refused(limit: number): Promise<{ total: number; rows: RefusedRow[] }>;
  refusedOne(id: string): Promise<{ id: string; kind: Lead["kind"] | JobKind; last_error: string | null } | undefined>;
  requeue(id: string, now: number): Promise<boolean>;
  discard(id: string): Promise<boolean>;
  /**
   * Deletes delivered rows delivered before `cutoff` and refused leads sent before it (scrubbing
   * delivered rows written before scrubbing existed); returns the refused leads it deleted.
   */
  purge(cutoff: number): Promise<{ changed: number; refusedDeleted: { id: string; kind: string }[] }>;
  /** After personal data was removed: drop the engine's own older copies where it can (SQLite's log). */
  forgetRemoved(): void;
  /** A real write, and room for a lead with its photo: throws when a lead could not be stored now. */
  checkWritable(): Promise<void>;
  status(id: string): Promise<RowStatus | undefined>;
  /** Work to finish once before the first delivery (photos stored before re-encoding), or null. */
  beforeDeliveries: (() => Promise<void>) | null;
  close(): Promise<void>;
}
