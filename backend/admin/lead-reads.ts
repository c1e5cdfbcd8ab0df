import type { Clock } from "../clock";
import type { Db } from "../db";

/** Which staff member opened which lead: the inbox's unread marker, per user. */
export function createLeadReads(db: Db, clock: Clock) {
  const mark = db.prepare("INSERT OR IGNORE INTO lead_reads (lead_id, user_id, read_at) VALUES (?, ?, ?)");
  const forgetReads = db.prepare("DELETE FROM lead_reads WHERE lead_id = ?");
  const forgetAlert = db.prepare("DELETE FROM lead_alerts WHERE lead_id = ?");
  return {
    markRead: (leadId: number, userId: number) => mark.run(leadId, userId, new Date(clock()).toISOString()),
    /** The ids among `rows` this user has not opened. */
    unreadOf(userId: number, rows: readonly { id: number }[]): Set<number> {
      if (rows.length === 0) return new Set();
      const read = new Set(
        db
          .prepare(`SELECT lead_id FROM lead_reads WHERE user_id = ? AND lead_id IN (${rows.map(() => "?").join(", ")})`)
          .pluck()
          .all(userId, ...rows.map((r) => r.id)) as number[],
      );
      return new Set(rows.map((r) => r.id).filter((id) => !read.has(id)));
    },
    /** Erasure (ADR 030): who opened the lead and who was told of it go with it. */
    forget(leadId: number) {
      forgetReads.run(leadId);
      forgetAlert.run(leadId);
    },
  };
}
