import type { z } from "zod";
import { BULLETIN_RECIPIENT_PAGE, type Bulletin, type BulletinDraftSchema } from "../../app/lib/platform/api/bulletins-contract";
import type { Db } from "../db";
import type { BulletinOpens } from "./opens";

type Draft = z.infer<typeof BulletinDraftSchema>;
const COLUMNS = `id, list, title, body, status, send_at AS sendAt, started_at AS startedAt, recipients, updated_at AS updatedAt, count_opens AS countOpens`;

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
  // Confirmed on the list, with an address, and not disabled by a complaint or bounces.
  const confirmed = `FROM subscriptions s LEFT JOIN subscription_health h ON h.address_hash = s.address_hash
     WHERE s.list = ? AND s.status = 'confirmed' AND s.email IS NOT NULL AND h.disabled_at IS NULL`;
  const count = db.prepare(`SELECT COUNT(*) ${confirmed}`).pluck();
  const page = db.prepare(`SELECT s.id, s.email ${confirmed} AND s.id > ? ORDER BY s.id LIMIT ?`);

  // SQLite's 0 and 1 as the contract's boolean.
  const shaped = (row: (Omit<Bulletin, "countOpens"> & { countOpens: number }) | undefined): Bulletin | undefined =>
    row && { ...row, countOpens: row.countOpens === 1 };
  const get = (id: number) => shaped(one.get(id) as never);
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
    save(id: number, draft: Draft) {
      if (!get(id)) return null;
      return update.run(draft.list, draft.title, draft.body, iso(), id).changes ? get(id) : undefined;
    },
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
