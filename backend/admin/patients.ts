import express from "express";
import { PatientDismissSchema, PatientMergeSchema, PatientQuerySchema, type PatientSummary } from "../../app/lib/platform/api/admin-contract";
import { forgetErased } from "../../app/lib/platform/sqlite.server";
import { actorOf, requireStaff } from "../auth/require-staff";
import { fail, idOf, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import { createLeadErasure } from "./lead-erasure";
import { createLeadReader, LEAD_SELECT, toSummary, type LeadRow } from "./lead-records";
import { searchCondition } from "./lead-search";
import { emailKey } from "./patient-keys";
import { createSubscriptionStore } from "../subscriptions/store";
import { uploadsOf } from "../lead-uploads";

/** Pairs suggested at most at once: a list a person works through, not an export. */
const SUGGESTIONS_SHOWN = 50;

/** admin/patients…: patients made of leads, their suggested merges, export and erasure (ADR 048). */
export function createPatientsRouter(services: StaffServices, onUnauthorized?: () => void) {
  const { db, audit } = services;
  const gate = (permission: Parameters<typeof requireStaff>[1]) => requireStaff(services, permission, onUnauthorized);
  const reader = createLeadReader(db);
  const erase = createLeadErasure(services);
  const subscriptions = createSubscriptionStore(services.db, services.clock);
  const router = express.Router();
  const json = express.json({ limit: "4kb" });

  const patient = db.prepare("SELECT id, created_at AS createdAt FROM patients WHERE id = ?");
  const leadsOf = db.prepare(`${LEAD_SELECT} WHERE l.patient_id = ? ORDER BY l.received_at DESC, l.id DESC`);
  const moveLeads = db.prepare("UPDATE leads SET patient_id = ? WHERE patient_id = ?");
  const deletePatient = db.prepare("DELETE FROM patients WHERE id = ?");
  const deleteDismissals = db.prepare("DELETE FROM patient_dismissals WHERE low = ? OR high = ?");
  const dismiss = db.prepare("INSERT OR IGNORE INTO patient_dismissals (low, high, at) VALUES (?, ?, ?)");
  const photoBytes = db.prepare("SELECT content_type AS contentType, bytes FROM uploads WHERE id = ?");
  // Spam is no one's patient record: it is neither suggested nor counted.
  const pairs = db.prepare(
    `WITH pairs AS (
       SELECT a.patient_id AS low, b.patient_id AS high, 'email' AS key FROM leads a JOIN leads b ON b.email_key = a.email_key AND b.patient_id > a.patient_id
        WHERE a.email_key IS NOT NULL AND a.status <> 'spam' AND b.status <> 'spam'
       UNION
       SELECT a.patient_id, b.patient_id, 'phone' FROM leads a JOIN leads b ON b.phone_key = a.phone_key AND b.patient_id > a.patient_id
        WHERE a.phone_key IS NOT NULL AND a.status <> 'spam' AND b.status <> 'spam')
     SELECT low, high, group_concat(key) AS keys FROM pairs p
      WHERE NOT EXISTS (SELECT 1 FROM patient_dismissals d WHERE d.low = p.low AND d.high = p.high)
      GROUP BY low, high ORDER BY high DESC, low DESC LIMIT ?`,
  );

  /** A patient as listed, from their leads newest first (null when they have none). */
  function summaryOf(id: number, rows: LeadRow[] = leadsOf.all(id) as LeadRow[]): PatientSummary | null {
    if (!rows.length) return null;
    const leads = rows.map((r) => toSummary(r));
    return {
      id,
      name: leads[0].name,
      email: leads.find((l) => l.email)?.email ?? "",
      phone: leads.find((l) => l.phone)?.phone ?? null,
      leadsCount: leads.length,
      lastAt: leads[0].receivedAt,
      languages: [...new Set(leads.map((l) => l.language))],
    };
  }

  router.get("/patients", gate("write:lead"), (req, res) => {
    const query = parseOr400(PatientQuerySchema, req.query, res);
    if (!query) return;
    const search = query.q ? searchCondition(query.q) : null;
    const where = `WHERE l.status <> 'spam'${search ? ` AND (${search.sql})` : ""}`;
    const params = search?.params ?? [];
    const total = db
      .prepare(`SELECT COUNT(DISTINCT l.patient_id) FROM leads l ${where}`)
      .pluck()
      .get(...params) as number;
    const ids = db
      .prepare(`SELECT l.patient_id FROM leads l ${where} GROUP BY l.patient_id ORDER BY MAX(l.received_at) DESC, l.patient_id DESC LIMIT ? OFFSET ?`)
      .pluck()
      .all(...params, query.pageSize, (query.pageIndex - 1) * query.pageSize) as number[];
    res.json(
      list(
        ids.map((id) => summaryOf(id)).filter((p) => p !== null),
        total,
        query.pageIndex,
        query.pageSize,
      ),
    );
  });

  // Before /patients/:id, which would otherwise take "suggestions" for an id.
  router.get("/patients/suggestions", gate("write:lead"), (_req, res) => {
    const rows = pairs.all(SUGGESTIONS_SHOWN) as { low: number; high: number; keys: string }[];
    const data = rows.flatMap((r) => {
      const low = summaryOf(r.low);
      const high = summaryOf(r.high);
      return low && high ? [{ patients: [high, low], keys: [...new Set(r.keys.split(","))].sort() }] : [];
    });
    res.json(list(data, data.length));
  });

  router.post("/patients/suggestions/dismiss", gate("write:lead"), json, (req, res) => {
    const body = parseOr400(PatientDismissSchema, req.body, res);
    if (!body) return;
    const [low, high] = [...body.patients].sort((a, b) => a - b);
    if (low === high || !patient.get(low) || !patient.get(high)) return fail(res, 404, "Not found");
    dismiss.run(low, high, new Date(services.clock()).toISOString());
    audit.record({ actor: actorOf(res), action: "patient.dismiss", target: `patient:${high}`, detail: `not patient ${low}`, facts: { other: low } });
    res.status(204).end();
  });

  router.get("/patients/:id", gate("write:lead"), (req, res) => {
    const id = idOf(req.params.id);
    const found = id ? (patient.get(id) as { id: number; createdAt: string } | undefined) : undefined;
    const rows = found ? (leadsOf.all(found.id) as LeadRow[]) : [];
    const summary = found && summaryOf(found.id, rows);
    if (!found || !summary) return fail(res, 404, "Not found");
    res.json(item({ ...summary, createdAt: found.createdAt, leads: rows.map((r) => reader.detail(r, true)) }));
  });

  // Everything held about the person (GDPR art. 15, KVKK art. 11): one JSON file, photos and files included.
  router.get("/patients/:id/export", gate("export:lead"), (req, res) => {
    const id = idOf(req.params.id);
    const found = id ? (patient.get(id) as { id: number; createdAt: string } | undefined) : undefined;
    const rows = found ? (leadsOf.all(found.id) as LeadRow[]) : [];
    if (!found || !rows.length) return fail(res, 404, "Not found");
    const leads = rows.map((r) => {
      const detail = reader.detail(r, true);
      const payload = JSON.parse(r.payload) as { imageId?: unknown; files?: unknown };
      const imageId = payload.imageId;
      const photo = typeof imageId === "string" ? (photoBytes.get(imageId) as { contentType: string; bytes: Buffer } | undefined) : undefined;
      // A built form's files (ADR 065), each with its field's key, as the photo is: bytes as stored.
      const files = uploadsOf(payload).flatMap(({ field, id: uploadId }) => {
        const file = field === null ? undefined : (photoBytes.get(uploadId) as { contentType: string; bytes: Buffer } | undefined);
        return file ? [{ field, contentType: file.contentType, base64: file.bytes.toString("base64") }] : [];
      });
      return { ...detail, photo: photo ? { contentType: photo.contentType, base64: photo.bytes.toString("base64") } : null, files };
    });
    audit.record({
      actor: actorOf(res),
      action: "patient.export",
      target: `patient:${found.id}`,
      detail: `${leads.length} leads`,
      facts: { count: leads.length },
    });
    res.json(item({ patient: { id: found.id, createdAt: found.createdAt }, exportedAt: new Date(services.clock()).toISOString(), leads }));
  });

  router.post("/patients/:id/merge", gate("write:lead"), json, (req, res) => {
    const id = idOf(req.params.id);
    const body = parseOr400(PatientMergeSchema, req.body, res);
    if (!body) return;
    if (!id || id === body.from || !patient.get(id) || !patient.get(body.from)) return fail(res, 404, "Not found");
    const moved = db.transaction(() => {
      const count = moveLeads.run(id, body.from).changes;
      deletePatient.run(body.from);
      deleteDismissals.run(body.from, body.from);
      audit.record({
        actor: actorOf(res),
        action: "patient.merge",
        target: `patient:${id}`,
        detail: `patient ${body.from} merged in (${count} leads)`,
        facts: { from: body.from, count },
      });
      return count;
    })();
    res.json(item({ id, moved }));
  });

  // Erasure of the person (ADR 030, 048): every lead as one lead's erasure erases it, then the record.
  router.delete("/patients/:id", gate("delete:lead"), (req, res) => {
    const id = idOf(req.params.id);
    const rows = id && patient.get(id) ? (leadsOf.all(id) as LeadRow[]) : [];
    if (!id || !patient.get(id)) return fail(res, 404, "Not found");
    const actor = actorOf(res);
    db.transaction(() => {
      for (const row of rows) erase(actor, row);
      // The person's newsletter subscriptions under any of their leads' addresses: only the hash stays (ADR 056).
      for (const email of new Set(rows.map((row) => emailKey(row.payload)))) if (email) subscriptions.erase(email);
      deletePatient.run(id);
      deleteDismissals.run(id, id);
      audit.record({ actor, action: "patient.delete", target: `patient:${id}`, detail: `${rows.length} leads erased`, facts: { count: rows.length } });
    })();
    forgetErased(db);
    res.status(204).end();
  });

  return router;
}
