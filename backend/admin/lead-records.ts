import type { LeadDetail, LeadKind, LeadQuery, LeadStatus, LeadSummary } from "../../app/lib/platform/api/admin-contract";
import type { Db } from "../db";
import { searchCondition } from "./lead-search";

type Lang = LeadSummary["language"];
type Payload = Record<string, unknown>;

/** How a lead was stored (its call, postEndpoints' key) and what the back office calls it. */
export function leadKind(stored: string, payload: Payload): LeadKind {
  if (stored === "webAgencyRegistration") return "partner";
  if (stored === "jobOffer") return "job";
  const formType = payload.formType;
  return formType === "offer" || formType === "feedback" ? formType : "contact";
}

/** The SQL that selects a kind, the inverse of leadKind. */
export function kindCondition(kind: LeadKind): { sql: string; params: string[] } {
  if (kind === "partner") return { sql: "l.kind = 'webAgencyRegistration'", params: [] };
  if (kind === "job") return { sql: "l.kind = 'jobOffer'", params: [] };
  return { sql: "l.kind = 'contactForm' AND json_extract(l.payload, '$.formType') = ?", params: [kind] };
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** A UTC day `YYYY-MM-DD` that exists, or null. */
export function utcDay(day: string): Date | null {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}
export const dayAfter = (date: Date) => new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);

export interface LeadRow {
  id: number;
  kind: string;
  received_at: string;
  payload: string;
  status: LeadStatus;
  assignee_id: number | null;
  assignee_name: string | null;
}

export const LEAD_SELECT = `SELECT l.id, l.kind, l.received_at, l.payload, l.status, l.assignee_id, u.name AS assignee_name
  FROM leads l LEFT JOIN users u ON u.id = l.assignee_id`;

/** The WHERE clause of a lead query's filters, or the field that cannot be read. */
export function leadFilter(query: LeadQuery): { sql: string; params: unknown[] } | { badField: string } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (query.kind) {
    const kind = kindCondition(query.kind);
    conditions.push(kind.sql);
    params.push(...kind.params);
  }
  if (query.status) {
    conditions.push("l.status = ?");
    params.push(query.status);
  }
  if (query.language) {
    conditions.push("json_extract(l.payload, '$.languageCode') = ?");
    params.push(query.language);
  }
  if (query.from) {
    if (!utcDay(query.from)) return { badField: "from" };
    // received_at is an ISO instant in UTC: the day's first instant sorts after the bare day.
    conditions.push("l.received_at >= ?");
    params.push(query.from);
  }
  if (query.to) {
    const to = utcDay(query.to);
    if (!to) return { badField: "to" };
    conditions.push("l.received_at < ?");
    params.push(dayAfter(to));
  }
  const search = query.q ? searchCondition(query.q) : null;
  if (search) {
    conditions.push(`(${search.sql})`);
    params.push(...search.params);
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "", params };
}

export function toSummary(row: LeadRow, payload: Payload = JSON.parse(row.payload)): LeadSummary {
  const kind = leadKind(row.kind, payload);
  return {
    id: row.id,
    kind,
    source: text(payload.source),
    // A partner's name is its contact person.
    name: text(payload.name) ?? text(payload.contactPerson) ?? "",
    email: text(payload.email) ?? "",
    phone: text(payload.phone),
    language: (text(payload.languageCode) ?? "en") as Lang,
    status: row.status,
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? "" },
    receivedAt: row.received_at,
  };
}

/** Every field the lead was stored with, flat; the photo's reference is shown as the photo, not a field. */
export function fieldsOf(payload: Payload): LeadDetail["fields"] {
  const fields: LeadDetail["fields"] = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === "imageId") continue;
    fields[key] = value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : JSON.stringify(value);
  }
  return fields;
}

/** Reads leads as the back office shows them. */
export function createLeadReader(db: Db) {
  const photo = db.prepare("SELECT content_type AS contentType, size FROM uploads WHERE id = ?");
  const notes = db.prepare(
    `SELECT n.id, n.text, n.created_at, n.author_id, u.name AS author_name
       FROM lead_notes n LEFT JOIN users u ON u.id = n.author_id WHERE n.lead_id = ? ORDER BY n.id`,
  );
  const one = db.prepare(`${LEAD_SELECT} WHERE l.id = ?`);

  const detail = (row: LeadRow, withNotes: boolean): LeadDetail => {
    const payload = JSON.parse(row.payload) as Payload;
    const imageId = text(payload.imageId);
    const found = imageId ? (photo.get(imageId) as { contentType: string; size: number } | undefined) : undefined;
    return {
      ...toSummary(row, payload),
      fields: fieldsOf(payload),
      notes: withNotes
        ? (notes.all(row.id) as { id: number; text: string; created_at: string; author_id: number; author_name: string | null }[]).map((n) => ({
            id: n.id,
            author: { id: n.author_id, name: n.author_name ?? "" },
            text: n.text,
            createdAt: n.created_at,
          }))
        : [],
      photo: found ?? null,
    };
  };

  return {
    row: (id: number) => one.get(id) as LeadRow | undefined,
    detail,
    /** The lead with its notes, or undefined. */
    byId(id: number) {
      const row = one.get(id) as LeadRow | undefined;
      return row && detail(row, true);
    },
  };
}
export type LeadReader = ReturnType<typeof createLeadReader>;
