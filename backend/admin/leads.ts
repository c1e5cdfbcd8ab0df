import express, { type Response } from "express";
import { EXPORT_LIMIT, LeadNotePayloadSchema, LeadQuerySchema, LeadUpdateSchema, NOTE_KEY, type LeadQuery } from "../../app/lib/platform/api/admin-contract";
import { forgetErased } from "../../app/lib/platform/sqlite.server";
import { actorOf, callerOf, requireStaff } from "../auth/require-staff";
import { rolesWith } from "../auth/users";
import { fail, idOf, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import { clinicDayOf } from "../clinic-days";
import { createLeadChanges } from "./lead-changes";
import { createLeadErasure } from "./lead-erasure";
import { createLeadReads } from "./lead-reads";
import { createLeadReader, LEAD_SELECT, leadFilter, toSummary, type LeadRow } from "./lead-records";
import { uploadsOf } from "../lead-uploads";
import { leadOrder } from "./lead-views";

/** admin/leads…, admin/assignees: the leads as the back office works them. */
export function createLeadsRouter(services: StaffServices, onUnauthorized?: () => void) {
  const { db, audit } = services;
  const gate = (permission: Parameters<typeof requireStaff>[1]) => requireStaff(services, permission, onUnauthorized);
  const reader = createLeadReader(db);
  const router = express.Router();
  const json = express.json({ limit: "16kb" });

  const changes = createLeadChanges(services);
  const erase = createLeadErasure(services);

  const writers = rolesWith("write:lead");
  const inRoles = `role IN (${writers.map(() => "?").join(", ")})`;
  const assignees = db.prepare(`SELECT id, name FROM users WHERE disabled = 0 AND ${inRoles} ORDER BY name COLLATE NOCASE, id`);
  const insertNote = db.prepare("INSERT INTO lead_notes (lead_id, author_id, text, created_at, idempotency_key) VALUES (?, ?, ?, ?, ?)");
  const keyedNote = db.prepare("SELECT text FROM lead_notes WHERE lead_id = ? AND idempotency_key = ?");
  const photoBytes = db.prepare("SELECT content_type, bytes FROM uploads WHERE id = ?");
  const notesCount = db.prepare("SELECT COUNT(*) FROM lead_notes WHERE lead_id = ?").pluck();
  const reads = createLeadReads(db, services.clock);

  /** The filters' WHERE clause, or null after answering 400. */
  function filtered(query: LeadQuery, res: Response) {
    const filter = leadFilter(query, callerOf(res).id, clinicDayOf(services.clock()));
    if ("badField" in filter) {
      fail(res, 400, "Invalid date", filter.badField);
      return null;
    }
    return filter;
  }

  router.get("/leads", gate("read:lead"), (req, res) => {
    const query = parseOr400(LeadQuerySchema, req.query, res);
    const filter = query && filtered(query, res);
    if (!query || !filter) return;
    const total = db
      .prepare(`SELECT COUNT(*) FROM leads l ${filter.sql}`)
      .pluck()
      .get(...filter.params) as number;
    // A page past the matches (a search that finds no one) is not read: that second pass over
    // every lead would double what the search costs (under 200 ms on 50,000 leads, npm run bench).
    const offset = (query.pageIndex - 1) * query.pageSize;
    const rows =
      offset >= total
        ? []
        : (db.prepare(`${LEAD_SELECT} ${filter.sql} ${leadOrder(query.sort)} LIMIT ? OFFSET ?`).all(...filter.params, query.pageSize, offset) as LeadRow[]);
    const unread = reads.unreadOf(callerOf(res).id, rows);
    res.json(
      list(
        rows.map((r) => ({ ...toSummary(r), unread: unread.has(r.id) })),
        total,
        query.pageIndex,
        query.pageSize,
      ),
    );
  });

  // Before /leads/:id, which would otherwise take "export" for an id.
  router.get("/leads/export", gate("export:lead"), (req, res) => {
    const query = parseOr400(LeadQuerySchema, req.query, res);
    const filter = query && filtered(query, res);
    if (!query || !filter) return;
    const total = db
      .prepare(`SELECT COUNT(*) FROM leads l ${filter.sql}`)
      .pluck()
      .get(...filter.params) as number;
    const rows = db.prepare(`${LEAD_SELECT} ${filter.sql} ${leadOrder(query.sort)} LIMIT ?`).all(...filter.params, EXPORT_LIMIT) as LeadRow[];
    // A search's words are often a patient's name or address: the log says a search was made, not
    // what it was, so an erased lead leaves nothing of itself here.
    const filters = Object.entries(query)
      .filter(([key, value]) => key !== "pageIndex" && key !== "pageSize" && value !== undefined && value !== "")
      .map(([key, value]) => (key === "q" ? "a search" : `${key}=${value}`));
    audit.record({
      actor: actorOf(res),
      action: "lead.export",
      target: null,
      detail: `${rows.length} leads${filters.length ? `; ${filters.join(", ")}` : ""}`,
      facts: { count: rows.length, filters },
    });
    // totalCount is every match; data stops at EXPORT_LIMIT (pageSize), newest first.
    res.json(
      list(
        rows.map((r) => ({ ...reader.detail(r, false), notesCount: notesCount.get(r.id) as number })),
        total,
        1,
        EXPORT_LIMIT,
      ),
    );
  });

  router.get("/leads/:id", gate("read:lead"), (req, res) => {
    const lead = idOf(req.params.id) && reader.byId(idOf(req.params.id)!);
    if (!lead) return fail(res, 404, "Not found");
    // Opened: read for this staff member from now on, for no one else.
    reads.markRead(lead.id, callerOf(res).id);
    res.json(item(lead));
  });

  router.patch("/leads/:id", gate("write:lead"), json, (req, res) => {
    const id = idOf(req.params.id);
    const update = parseOr400(LeadUpdateSchema, req.body, res);
    if (!update) return;
    const before = id ? reader.row(id) : undefined;
    if (!id || !before) return fail(res, 404, "Not found");
    const refusal = changes.check(update, before);
    if (refusal) return fail(res, 400, refusal.message, refusal.field);
    db.transaction(() => changes.apply(actorOf(res), before, update))();
    res.json(item(reader.byId(id)));
  });

  router.post("/leads/:id/notes", gate("write:lead"), json, (req, res) => {
    const id = idOf(req.params.id);
    const note = parseOr400(LeadNotePayloadSchema, req.body, res);
    if (!note) return;
    if (!id || !reader.row(id)) return fail(res, 404, "Not found");
    const caller = callerOf(res);
    const key = req.get("idempotency-key") || null;
    if (key !== null && !NOTE_KEY.test(key)) return fail(res, 400, "Invalid Idempotency-Key");
    // A repeated key stores nothing and answers as the first time did; with other words it is refused.
    const created = db.transaction(() => {
      const first = key === null ? undefined : (keyedNote.get(id, key) as { text: string } | undefined);
      if (first) return first.text === note.text ? false : null;
      const noteId = Number(insertNote.run(id, caller.id, note.text, new Date(services.clock()).toISOString(), key).lastInsertRowid);
      // A note is an answer too: the first one, unless a status change came before.
      changes.firstAnswer(id);
      // The note's words stay with the lead (and go with it on erasure), not in the log.
      audit.record({ actor: actorOf(res), action: "lead.note", target: `lead:${id}`, detail: `note ${noteId}`, facts: { note: Number(noteId) } });
      return true;
    })();
    if (created === null) return fail(res, 409, "idempotency_key_reused");
    res.status(created ? 201 : 200).json(item(reader.byId(id)));
  });

  router.delete("/leads/:id", gate("delete:lead"), (req, res) => {
    const id = idOf(req.params.id);
    const row = id ? reader.row(id) : undefined;
    if (!id || !row) return fail(res, 404, "Not found");
    db.transaction(() => erase(actorOf(res), row))();
    // secure_delete zeroed the rows in the file; this drops the log's older copies of those pages.
    forgetErased(db);
    res.status(204).end();
  });

  router.get("/leads/:id/photo", gate("read:lead"), (req, res) => {
    const id = idOf(req.params.id);
    const row = id ? reader.row(id) : undefined;
    const imageId = row ? (JSON.parse(row.payload) as { imageId?: unknown }).imageId : undefined;
    const photo = typeof imageId === "string" ? (photoBytes.get(imageId) as { content_type: string; bytes: Buffer } | undefined) : undefined;
    if (!photo) return fail(res, 404, "Not found");
    res.set({
      "Content-Type": photo.content_type,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    });
    res.send(photo.bytes);
  });

  // A built form's file (ADR 065) by its field's key: a PDF is only ever a download, never shown in the page.
  router.get("/leads/:id/files/:field", gate("read:lead"), (req, res) => {
    const id = idOf(req.params.id);
    const row = id ? reader.row(id) : undefined;
    const upload = row
      ? uploadsOf(JSON.parse(row.payload) as { files?: unknown }).find(({ field }) => field !== null && field === req.params.field)
      : undefined;
    const file = upload ? (photoBytes.get(upload.id) as { content_type: string; bytes: Buffer } | undefined) : undefined;
    if (!file) return fail(res, 404, "Not found");
    const pdf = file.content_type === "application/pdf";
    res.set({
      "Content-Type": file.content_type,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": pdf ? `attachment; filename="lead-${id}-${req.params.field}.pdf"` : "inline",
    });
    res.send(file.bytes);
  });

  router.get("/assignees", gate("read:lead"), (_req, res) => {
    const data = assignees.all(...writers) as { id: number; name: string }[];
    res.json(list(data, data.length));
  });

  return router;
}
