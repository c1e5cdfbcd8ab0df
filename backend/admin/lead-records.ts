import type { LeadDetail, LeadKind, LeadQuery, LeadStatus, LeadSummary } from "../../app/lib/platform/api/admin-contract";
import type { Db } from "../db";
import { uploadsOf } from "../lead-uploads";
import { searchCondition } from "./lead-search";
import { readHistory } from "./lead-history";
import { viewCondition } from "./lead-views";
import { clinicDayOf, clinicDayStart, nextDay } from "../clinic-days";

type Lang = LeadSummary["language"];
type Payload = Record<string, unknown>;

/** How a lead was stored (its call, postEndpoints' key) and what the back office calls it. */
export function leadKind(stored: string, payload: Payload): LeadKind {
  if (stored === "webAgencyRegistration") return "partner";
  if (stored === "jobOffer") return "job";
  if (stored === "builtForm") return "builtForm";
  const formType = payload.formType;
  return formType === "offer" || formType === "feedback" ? formType : "contact";
}

/** The SQL that selects a kind, the inverse of leadKind. */
export function kindCondition(kind: LeadKind): { sql: string; params: string[] } {
  if (kind === "partner") return { sql: "l.kind = 'webAgencyRegistration'", params: [] };
  if (kind === "job") return { sql: "l.kind = 'jobOffer'", params: [] };
  if (kind === "builtForm") return { sql: "l.kind = 'builtForm'", params: [] };
  return { sql: "l.kind = 'contactForm' AND json_extract(l.payload, '$.formType') = ?", params: [kind] };
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** A UTC day `YYYY-MM-DD` that exists, or null. */
export function utcDay(day: string): Date | null {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

export interface LeadRow {
  id: number;
  kind: string;
  received_at: string;
  payload: string;
  status: LeadStatus;
  assignee_id: number | null;
  assignee_name: string | null;
  offer_value: number | null;
  offer_currency: string | null;
  lost_reason: string | null;
  follow_up_on: string | null;
  first_answer_at: string | null;
  entered_by: number | null;
  entered_by_name: string | null;
  patient_id: number | null;
}

export const LEAD_SELECT = `SELECT l.id, l.kind, l.received_at, l.payload, l.status, l.assignee_id, u.name AS assignee_name,
    l.offer_value, l.offer_currency, l.lost_reason, l.follow_up_on, l.first_answer_at, l.entered_by, e.name AS entered_by_name, l.patient_id
  FROM leads l LEFT JOIN users u ON u.id = l.assignee_id LEFT JOIN users e ON e.id = l.entered_by`;

/**
 * The WHERE clause of a lead query's filters, or the field that cannot be read. `callerId` is the
 * reader ("mine"); `today` the clinic's day an overdue follow-up is before when the query names none.
 */
export function leadFilter(query: LeadQuery, callerId = 0, today = clinicDayOf(Date.now())): { sql: string; params: unknown[] } | { badField: string } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const view = viewCondition(query.view, callerId, query.today ?? today);
  if (view) {
    conditions.push(view.sql);
    params.push(...view.params);
  }
  if (query.kind) {
    const kind = kindCondition(query.kind);
    conditions.push(kind.sql);
    params.push(...kind.params);
  }
  if (query.status) {
    conditions.push("l.status = ?");
    params.push(query.status);
  } else {
    // Spam is kept apart: a list shows it only when asked for by its status.
    conditions.push("l.status <> 'spam'");
  }
  if (query.language) {
    conditions.push("json_extract(l.payload, '$.languageCode') = ?");
    params.push(query.language);
  }
  if (query.from) {
    if (!utcDay(query.from)) return { badField: "from" };
    // received_at is an ISO instant in UTC; the day is the clinic's, as the screens show times.
    conditions.push("l.received_at >= ?");
    params.push(clinicDayStart(query.from));
  }
  if (query.to) {
    if (!utcDay(query.to)) return { badField: "to" };
    conditions.push("l.received_at < ?");
    params.push(clinicDayStart(nextDay(query.to)));
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
    offer: row.offer_value === null || row.offer_currency === null ? null : { value: row.offer_value, currency: row.offer_currency as "EUR" },
    followUpOn: row.follow_up_on,
    enteredBy: row.entered_by === null ? null : { id: row.entered_by, name: row.entered_by_name ?? "" },
  };
}

/** Every field the lead was stored with, flat; the photo's and files' references are shown as them, not as fields. */
export function fieldsOf(payload: Payload): LeadDetail["fields"] {
  const fields: LeadDetail["fields"] = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === "imageId" || key === "files") continue;
    fields[key] = value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : JSON.stringify(value);
  }
  return fields;
}

/** Reads leads as the back office shows them. */
export function createLeadReader(db: Db) {
  const photo = db.prepare("SELECT content_type AS contentType, size FROM uploads WHERE id = ?");
  const notes = db.prepare(
    `SELECT n.id, n.text, n.created_at, n.author_id, u.name AS author_name, n.edited_by, n.edited_at, x.name AS editor_name
       FROM lead_notes n LEFT JOIN users u ON u.id = n.author_id LEFT JOIN users x ON x.id = n.edited_by WHERE n.lead_id = ? ORDER BY n.id`,
  );
  const versions = db.prepare(
    `SELECT v.note_id, v.text, v.written_at, v.author_id, u.name AS author_name
       FROM lead_note_versions v LEFT JOIN users u ON u.id = v.author_id WHERE v.lead_id = ? ORDER BY v.id`,
  );
  type NoteRow = {
    id: number;
    text: string;
    created_at: string;
    author_id: number;
    author_name: string | null;
    edited_by: number | null;
    edited_at: string | null;
    editor_name: string | null;
  };
  type VersionRow = { note_id: number; text: string; written_at: string; author_id: number | null; author_name: string | null };
  const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? "" });
  const notesOf = (leadId: number): LeadDetail["notes"] => {
    const earlier = versions.all(leadId) as VersionRow[];
    return (notes.all(leadId) as NoteRow[]).map((n) => ({
      id: n.id,
      author: { id: n.author_id, name: n.author_name ?? "" },
      text: n.text,
      createdAt: n.created_at,
      edited: n.edited_at === null ? null : { by: person(n.edited_by, n.editor_name), at: n.edited_at },
      earlier: earlier.filter((v) => v.note_id === n.id).map((v) => ({ author: person(v.author_id, v.author_name), text: v.text, at: v.written_at })),
    }));
  };
  const one = db.prepare(`${LEAD_SELECT} WHERE l.id = ?`);

  const detail = (row: LeadRow, withNotes: boolean): LeadDetail => {
    const payload = JSON.parse(row.payload) as Payload;
    const imageId = text(payload.imageId);
    const found = imageId ? (photo.get(imageId) as { contentType: string; size: number } | undefined) : undefined;
    const files = uploadsOf(payload).flatMap(({ field, id }) => {
      const file = field === null ? undefined : (photo.get(id) as { contentType: string; size: number } | undefined);
      return file && field !== null ? [{ field, ...file }] : [];
    });
    return {
      ...toSummary(row, payload),
      fields: fieldsOf(payload),
      notes: withNotes ? notesOf(row.id) : [],
      photo: found ?? null,
      files,
      lostReason: row.lost_reason,
      firstAnswerAt: row.first_answer_at,
      patientId: row.patient_id,
      history: withNotes ? readHistory(db, row.id) : [],
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
