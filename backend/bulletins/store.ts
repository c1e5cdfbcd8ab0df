import type { z } from "zod";
import {
  BULLETIN_RECIPIENT_PAGE,
  BULLETIN_VERSIONS_SHOWN,
  type Bulletin,
  type BulletinDraftSchema,
  type BulletinVersion,
} from "../../app/lib/platform/api/bulletins-contract";
import { ARCHIVE_MAX, type ArchivedIssue, type ArchivedIssueSummary } from "../../app/lib/platform/api/contract";
import type { Db } from "../db";
import type { BulletinOpens } from "./opens";

type Draft = z.infer<typeof BulletinDraftSchema>;
const COLUMNS = `id, list, title, body, status, send_at AS sendAt, started_at AS startedAt, recipients, updated_at AS updatedAt, count_opens AS countOpens, published_at AS publishedAt`;

/** The bulletins (ADR 057): drafts, their schedule, and the recipients of the one being sent. */
export function createBulletinStore(db: Db, clock: () => number, opens: BulletinOpens) {
  const iso = (ms = clock()) => new Date(ms).toISOString();
  const all = db.prepare(`SELECT ${COLUMNS} FROM bulletins ORDER BY id DESC LIMIT 500`);
  const one = db.prepare(`SELECT ${COLUMNS} FROM bulletins WHERE id = ?`);
  const insert = db.prepare("INSERT INTO bulletins (list, title, body, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
  const update = db.prepare("UPDATE bulletins SET list = ?, title = ?, body = ?, updated_at = ? WHERE id = ? AND status = 'draft'");
  const schedule = db.prepare("UPDATE bulletins SET status = 'scheduled', send_at = ?, updated_at = ? WHERE id = ? AND status IN ('draft', 'scheduled')");
  const unschedule = db.prepare("UPDATE bulletins SET status = 'draft', send_at = NULL, updated_at = ? WHERE id = ? AND status = 'scheduled'");
  // Whether opens are counted is settled when the send starts: a later change of the setting does not change a sent issue's mail.
  const start = db.prepare("UPDATE bulletins SET status = 'sending', started_at = ?, recipients = ?, count_opens = ? WHERE id = ?");
  // Only an issue sent (or being sent) to its list goes to the archive: what subscribers got, no draft.
  const publish = db.prepare("UPDATE bulletins SET published_at = ? WHERE id = ? AND status = 'sending' AND published_at IS NULL");
  const withdraw = db.prepare("UPDATE bulletins SET published_at = NULL WHERE id = ? AND published_at IS NOT NULL");
  const archived = `SELECT id, list, title, COALESCE(send_at, started_at) AS sentAt FROM bulletins WHERE published_at IS NOT NULL`;
  const archive = db.prepare(`${archived} ORDER BY sentAt DESC, id DESC LIMIT ${ARCHIVE_MAX}`);
  const archivedOne = db.prepare(`SELECT a.*, b.body FROM (${archived} AND id = ?) a JOIN bulletins b ON b.id = a.id`);
  const keep = db.prepare("INSERT INTO bulletin_versions (bulletin_id, list, title, body, action, author_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const versionFields = `v.id, v.action, v.title, COALESCE(u.name, u.email) AS author, v.at FROM bulletin_versions v LEFT JOIN users u ON u.id = v.author_id`;
  const versions = db.prepare(`SELECT ${versionFields} WHERE v.bulletin_id = ? ORDER BY v.id DESC LIMIT ${BULLETIN_VERSIONS_SHOWN}`);
  const versionCount = db.prepare("SELECT COUNT(*) FROM bulletin_versions WHERE bulletin_id = ?").pluck();
  const version = db.prepare(`SELECT ${versionFields.replace("v.title,", "v.title, v.list, v.body,")} WHERE v.bulletin_id = ? AND v.id = ?`);
  // Confirmed on the list, with an address, and not disabled by a complaint or bounces.
  const confirmed = `FROM subscriptions s LEFT JOIN subscription_health h ON h.address_hash = s.address_hash
     WHERE s.list = ? AND s.status = 'confirmed' AND s.email IS NOT NULL AND h.disabled_at IS NULL`;
  const count = db.prepare(`SELECT COUNT(*) ${confirmed}`).pluck();
  const page = db.prepare(`SELECT s.id, s.email ${confirmed} AND s.id > ? ORDER BY s.id LIMIT ?`);

  // SQLite's 0 and 1 as the contract's boolean.
  const shaped = (row: (Omit<Bulletin, "countOpens"> & { countOpens: number }) | undefined): Bulletin | undefined =>
    row && { ...row, countOpens: row.countOpens === 1 };
  const get = (id: number) => shaped(one.get(id) as never);
  /** A draft's new text, kept as a version too (ADR 060); undefined when it is no longer a draft. */
  const rewrite = (id: number, text: Draft, action: "save" | "restore", by: number) => {
    const now = iso();
    if (!update.run(text.list, text.title, text.body, now, id).changes) return undefined;
    keep.run(id, text.list, text.title, text.body, action, by, now);
    return get(id);
  };
  return {
    list: () => (all.all() as never[]).map((row) => shaped(row)!),
    /** An issue with its opens, when they were counted for its send. */
    withOpens(id: number) {
      const bulletin = get(id);
      return bulletin && { ...bulletin, opens: bulletin.countOpens ? opens.counts(id) : null };
    },
    get,
    create(draft: Draft, by: number) {
      const now = iso();
      return get(Number(insert.run(draft.list, draft.title, draft.body, by, now, now).lastInsertRowid))!;
    },
    /** A draft's new text; null when it is gone, undefined when it is no longer a draft. */
    save: (id: number, draft: Draft, by: number) => db.transaction(() => (get(id) ? rewrite(id, draft, "save", by) : null))(),
    /** The newest versions of an issue (BULLETIN_VERSIONS_SHOWN) and how many there are; null when it is gone. */
    versions(id: number) {
      if (!get(id)) return null;
      return { rows: versions.all(id) as Omit<BulletinVersion, "list" | "body">[], total: versionCount.get(id) as number };
    },
    version: (id: number, versionId: number) => (version.get(id, versionId) as BulletinVersion | undefined) ?? null,
    /** A version's text back into the draft; null when either is gone, undefined when it is no draft. */
    restore(id: number, versionId: number, by: number) {
      return db.transaction(() => {
        const kept = version.get(id, versionId) as BulletinVersion | undefined;
        return kept ? rewrite(id, kept, "restore", by) : null;
      })();
    },
    /** Into its language's archive (a sent issue only); null when it is gone, undefined when it is not sent or already there. */
    publish(id: number) {
      if (!get(id)) return null;
      return publish.run(iso(), id).changes ? get(id) : undefined;
    },
    /** Out of the archive; null when it is gone, undefined when it was not there. */
    withdraw(id: number) {
      if (!get(id)) return null;
      return withdraw.run(id).changes ? get(id) : undefined;
    },
    archive: () => archive.all() as ArchivedIssueSummary[],
    archived: (id: number) => (archivedOne.get(id) as ArchivedIssue | undefined) ?? null,
    schedule(id: number, sendAt: string) {
      if (!get(id)) return null;
      return schedule.run(sendAt, iso(), id).changes ? get(id) : undefined;
    },
    unschedule(id: number) {
      if (!get(id)) return null;
      return unschedule.run(iso(), id).changes ? get(id) : undefined;
    },
    /**
     * A page of the recipients of the issue scheduled for `sendAt` (its outbox job's), marking it
     * sending on the first page; no issue when it is no longer scheduled for that time.
     */
    recipients(id: number, sendAt: string, after: number) {
      return db.transaction(() => {
        const bulletin = get(id);
        const same = bulletin && bulletin.sendAt && Date.parse(bulletin.sendAt) === Date.parse(sendAt);
        if (!bulletin || !same || bulletin.status === "draft") return { bulletin: null, recipients: [], next: null };
        if (bulletin.status === "scheduled") start.run(iso(), count.get(bulletin.list) as number, opens.counting() ? 1 : 0, id);
        const rows = (page.all(bulletin.list, after, BULLETIN_RECIPIENT_PAGE) as { id: number; email: string }[]).map((row) => ({
          ...row,
          reader: opens.readerOf(row.email),
        }));
        const next = rows.length === BULLETIN_RECIPIENT_PAGE ? rows[rows.length - 1].id : null;
        return { bulletin: get(id)!, recipients: rows, next };
      })();
    },
  };
}

export type BulletinStore = ReturnType<typeof createBulletinStore>;
