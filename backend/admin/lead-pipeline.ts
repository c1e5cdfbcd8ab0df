import express from "express";
import { LeadBulkSchema, LeadCreateSchema, LeadNotePayloadSchema, NOTE_KEY } from "../../app/lib/platform/api/admin-contract";
import { PROJECT_ID } from "../../app/lib/platform/api/contract";
import { actorOf, callerOf, requireStaff } from "../auth/require-staff";
import { fail, idOf, item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import { createLeadChanges } from "./lead-changes";
import { createHistoryWriter } from "./lead-history";
import { createLeadReader } from "./lead-records";

/** admin/leads (POST: a lead entered by hand), admin/leads/bulk, and editing a note: the pipeline's writes beside the lead's own. */
export function createLeadPipelineRouter(services: StaffServices, onUnauthorized?: () => void) {
  const { db, audit, clock } = services;
  const gate = requireStaff(services, "write:lead", onUnauthorized);
  const reader = createLeadReader(db);
  const changes = createLeadChanges(services);
  const history = createHistoryWriter(db);
  const router = express.Router();
  const json = express.json({ limit: "16kb" });

  const insertLead = db.prepare(
    "INSERT INTO leads (kind, received_at, payload, status, entered_by, idempotency_key) VALUES ('contactForm', ?, ?, 'new', ?, ?)",
  );
  const keyedLead = db.prepare("SELECT id FROM leads WHERE idempotency_key = ?").pluck();
  const noteOf = db.prepare("SELECT id, text, author_id, created_at, edited_by, edited_at FROM lead_notes WHERE id = ? AND lead_id = ?");
  const keepVersion = db.prepare("INSERT INTO lead_note_versions (note_id, lead_id, text, author_id, written_at) VALUES (?, ?, ?, ?, ?)");
  const editNote = db.prepare("UPDATE lead_notes SET text = ?, edited_by = ?, edited_at = ? WHERE id = ?");

  // Staff writing to the API, not a visitor's form through the outbox: stored at once, marked with who entered it.
  router.post("/leads", gate, json, (req, res) => {
    const lead = parseOr400(LeadCreateSchema, req.body, res);
    if (!lead) return;
    const caller = callerOf(res);
    // The form's key: sent twice (a double click without JavaScript, an answer lost), it is one lead.
    const key = req.get("idempotency-key") || null;
    if (key !== null && !NOTE_KEY.test(key)) return fail(res, 400, "Invalid Idempotency-Key");
    const stored = key === null ? undefined : (keyedLead.get(key) as number | undefined);
    if (stored !== undefined) return res.status(200).json(item(reader.byId(stored)));
    const at = new Date(clock()).toISOString();
    const { source, ...fields } = lead;
    const payload = { projectId: PROJECT_ID, source, ...fields };
    const id = db.transaction(() => {
      const leadId = Number(insertLead.run(at, JSON.stringify(payload), caller.id, key).lastInsertRowid);
      history(leadId, at, caller.id, "entered", null, source);
      audit.record({
        actor: actorOf(res),
        action: "lead.create",
        target: `lead:${leadId}`,
        detail: `${lead.formType} lead entered by hand (${source})`,
        facts: { kind: lead.formType, source },
      });
      return leadId;
    })();
    res.status(201).json(item(reader.byId(id)));
  });

  router.post("/leads/bulk", gate, json, (req, res) => {
    const bulk = parseOr400(LeadBulkSchema, req.body, res);
    if (!bulk) return;
    const update = { status: bulk.status, assigneeId: bulk.assigneeId };
    const refusal = changes.check(update);
    if (refusal) return fail(res, 400, refusal.message, refusal.field);
    const actor = actorOf(res);
    const missing: number[] = [];
    let changed = 0;
    db.transaction(() => {
      for (const id of new Set(bulk.ids)) {
        const before = reader.row(id);
        if (!before) missing.push(id);
        else {
          changes.apply(actor, before, update);
          changed++;
        }
      }
    })();
    res.json(item({ changed, missing }));
  });

  router.patch("/leads/:id/notes/:noteId", gate, json, (req, res) => {
    const [id, noteId] = [idOf(req.params.id), idOf(req.params.noteId)];
    const edit = parseOr400(LeadNotePayloadSchema, req.body, res);
    if (!edit) return;
    type NoteRow = { id: number; text: string; author_id: number; created_at: string; edited_by: number | null; edited_at: string | null };
    const note = id && noteId ? (noteOf.get(noteId, id) as NoteRow | undefined) : undefined;
    if (!id || !note) return fail(res, 404, "Not found");
    if (note.text !== edit.text) {
      db.transaction(() => {
        // The text it replaces is kept with who wrote it and when: the note's author, or its last editor.
        keepVersion.run(note.id, id, note.text, note.edited_by ?? note.author_id, note.edited_at ?? note.created_at);
        editNote.run(edit.text, callerOf(res).id, new Date(clock()).toISOString(), note.id);
        audit.record({ actor: actorOf(res), action: "lead.note-edit", target: `lead:${id}`, detail: `note ${note.id} edited`, facts: { note: note.id } });
      })();
    }
    res.json(item(reader.byId(id)));
  });

  return router;
}
