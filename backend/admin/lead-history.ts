import type { LeadHistoryEntry } from "../../app/lib/platform/api/admin-contract";
import type { Db } from "../db";

type Field = LeadHistoryEntry["field"];
type Row = { at: string; actor_id: number | null; actor_name: string | null; field: Field; before: string | null; after: string | null };

/** Writes a lead's own history (ADR 044): kept with the lead, erased with it. */
export function createHistoryWriter(db: Db) {
  const insert = db.prepare("INSERT INTO lead_history (lead_id, at, actor_id, field, before, after) VALUES (?, ?, ?, ?, ?, ?)");
  return (leadId: number, at: string, actorId: number | null, field: Field, from: string | null, to: string | null) =>
    void insert.run(leadId, at, actorId, field, from, to);
}

/** A lead's history, oldest first; an assignee is named as the account is named now (an id when it is gone). */
export function readHistory(db: Db, leadId: number): LeadHistoryEntry[] {
  const rows = db
    .prepare(
      `SELECT h.at, h.actor_id, u.name AS actor_name, h.field, h.before, h.after
         FROM lead_history h LEFT JOIN users u ON u.id = h.actor_id WHERE h.lead_id = ? ORDER BY h.id`,
    )
    .all(leadId) as Row[];
  const nameOf = db.prepare("SELECT name FROM users WHERE id = ?").pluck();
  const person = (value: string | null) => (value === null ? null : ((nameOf.get(Number(value)) as string | undefined) ?? `#${value}`));
  return rows.map((r) => ({
    at: r.at,
    actor: r.actor_id === null ? null : { id: r.actor_id, name: r.actor_name ?? "" },
    field: r.field,
    from: r.field === "assignee" ? person(r.before) : r.before,
    to: r.field === "assignee" ? person(r.after) : r.after,
  }));
}
