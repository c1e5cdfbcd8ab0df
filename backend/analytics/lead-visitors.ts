import type { Db } from "../db";

/**
 * The link between a lead and the visitor id it was sent with (ADR 055), kept in the leads' database
 * so it is written and erased with the lead; the id never enters the lead's own payload, which staff
 * read, export and search.
 */
export function createLeadVisitors(db: Db) {
  const link = db.prepare("INSERT OR IGNORE INTO lead_visitors (lead_id, visitor_id) VALUES (?, ?)");
  const ofLead = db.prepare("SELECT visitor_id FROM lead_visitors WHERE lead_id = ?").pluck();
  const unlink = db.prepare("DELETE FROM lead_visitors WHERE lead_id = ?");
  const downloads = ["download_week_visitors", "download_week_any"].map((table) => db.prepare(`DELETE FROM ${table} WHERE visitor = ?`));
  return {
    /** The payload to store, and the visitor id it named (none without analytics consent). */
    split(payload: Record<string, unknown>): { payload: Record<string, unknown>; visitorId: string | null } {
      const { visitorId, ...rest } = payload;
      return { payload: rest, visitorId: typeof visitorId === "string" ? visitorId : null };
    },
    link(leadId: number, visitorId: string | null) {
      if (visitorId) link.run(leadId, visitorId);
    },
    /**
     * Erasing the lead: its link and the visitor's counted downloads go here (the leads' database, in
     * the erasure's transaction); the visitor ids are returned for the event store to forget.
     */
    erase(leadId: number): string[] {
      const ids = ofLead.all(leadId) as string[];
      unlink.run(leadId);
      for (const id of ids) for (const statement of downloads) statement.run(id);
      return ids;
    },
  };
}
