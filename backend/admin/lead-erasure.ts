import type { Actor } from "../audit";
import type { StaffServices } from "../staff-services";
import { createLeadReads } from "./lead-reads";
import { leadKind, type LeadRow } from "./lead-records";
import { createLeadVisitors } from "../analytics/lead-visitors";
import { uploadsOf } from "../lead-uploads";

/**
 * Erases one lead as ADR 030 defines it: the lead (its search copy and matching keys are in its own
 * row), its notes with their earlier texts, its history, its photo or files, who read it and who was told of it; its patient too once it holds
 * no lead, with the merge suggestions naming it. The log keeps only the id and the kind. Run it in a
 * transaction and call forgetErased after.
 */
export function createLeadErasure({ db, audit, clock, forgetVisitors }: Pick<StaffServices, "db" | "audit" | "clock" | "forgetVisitors">) {
  const reads = createLeadReads(db, clock);
  const visitors = createLeadVisitors(db);
  const deleteNotes = db.prepare("DELETE FROM lead_notes WHERE lead_id = ?");
  const deleteNoteVersions = db.prepare("DELETE FROM lead_note_versions WHERE lead_id = ?");
  const deleteHistory = db.prepare("DELETE FROM lead_history WHERE lead_id = ?");
  const deleteUpload = db.prepare("DELETE FROM uploads WHERE id = ?");
  const keysOfLead = db.prepare("SELECT idempotency_key AS key, received_at AS receivedAt, patient_id AS patientId FROM leads WHERE id = ?");
  const keysOfUpload = db.prepare("SELECT idempotency_key AS key, content_type AS contentType, size FROM uploads WHERE id = ?");
  const keepErasedKey = db.prepare("INSERT OR IGNORE INTO erased_keys (idempotency_key, receipt) VALUES (?, ?)");
  const deleteLead = db.prepare("DELETE FROM leads WHERE id = ?");
  const leadsLeft = db.prepare("SELECT COUNT(*) FROM leads WHERE patient_id = ?").pluck();
  const deletePatient = db.prepare("DELETE FROM patients WHERE id = ?");
  const deleteDismissals = db.prepare("DELETE FROM patient_dismissals WHERE low = ? OR high = ?");

  return (actor: Actor, row: LeadRow) => {
    const id = row.id;
    const payload = JSON.parse(row.payload) as { imageId?: unknown; files?: unknown };
    const kind = leadKind(row.kind, payload);
    // The keys stay, with the receipts, so the outbox redelivering it (its delivery was not
    // recorded) does not bring the lead or the photo back.
    const stored = keysOfLead.get(id) as { key: string | null; receivedAt: string; patientId: number | null };
    if (stored.key) keepErasedKey.run(stored.key, JSON.stringify({ id, receivedAt: stored.receivedAt }));
    deleteNotes.run(id);
    deleteNoteVersions.run(id);
    deleteHistory.run(id);
    for (const { id: uploadId } of uploadsOf(payload)) {
      const upload = keysOfUpload.get(uploadId) as { key: string | null; contentType: string; size: number } | undefined;
      if (upload?.key) keepErasedKey.run(upload.key, JSON.stringify({ id: uploadId, contentType: upload.contentType, size: upload.size }));
      deleteUpload.run(uploadId);
    }
    // The visitor it was sent as (ADR 055): the link, their counted downloads, and their page views in
    // the event store's own file. That file commits first: should this transaction fail after it, views
    // are lost, never a link left to them.
    forgetVisitors(visitors.erase(id));
    deleteLead.run(id);
    reads.forget(id);
    if (stored.patientId !== null && leadsLeft.get(stored.patientId) === 0) {
      deletePatient.run(stored.patientId);
      deleteDismissals.run(stored.patientId, stored.patientId);
    }
    audit.record({ actor, action: "lead.delete", target: `lead:${id}`, detail: `${kind} lead erased`, facts: { kind } });
  };
}
