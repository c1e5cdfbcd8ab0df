import type { LeadUpdate } from "../../app/lib/platform/api/admin-contract";
import type { Actor } from "../audit";
import { rolesWith } from "../auth/users";
import type { StaffServices } from "../staff-services";
import { createHistoryWriter } from "./lead-history";
import type { LeadRow } from "./lead-records";

export type ChangeRefusal = { message: string; field: string };

const offerText = (value: number | null, currency: string | null) => (value === null || currency === null ? null : `${value} ${currency}`);

/**
 * Changes one lead's handling (the lead page, the board, a bulk change): each changed field is set,
 * written to the audit log and to the lead's own history; a status change is the staff's first
 * answer when none came before. Checks first, so a refused change writes nothing.
 */
export function createLeadChanges(services: StaffServices) {
  const { db, audit, clock } = services;
  const writers = rolesWith("write:lead");
  const assignable = db.prepare(`SELECT id, name FROM users WHERE id = ? AND disabled = 0 AND role IN (${writers.map(() => "?").join(", ")})`);
  const setStatus = db.prepare("UPDATE leads SET status = ? WHERE id = ?");
  const setAssignee = db.prepare("UPDATE leads SET assignee_id = ? WHERE id = ?");
  const setOffer = db.prepare("UPDATE leads SET offer_value = ?, offer_currency = ? WHERE id = ?");
  const setFollowUp = db.prepare("UPDATE leads SET follow_up_on = ? WHERE id = ?");
  const setLostReason = db.prepare("UPDATE leads SET lost_reason = ? WHERE id = ?");
  const firstAnswer = db.prepare("UPDATE leads SET first_answer_at = ? WHERE id = ? AND first_answer_at IS NULL");
  const history = createHistoryWriter(db);

  /** The refusal of an update that cannot apply, or null. */
  function check(update: LeadUpdate, before?: LeadRow): ChangeRefusal | null {
    if (update.assigneeId !== undefined && update.assigneeId !== null && !assignable.get(update.assigneeId, ...writers)) {
      return { message: "The assignee must be an enabled user who may work leads", field: "assigneeId" };
    }
    if (before) {
      const value = update.offerValue !== undefined ? update.offerValue : before.offer_value;
      const currency = update.offerCurrency !== undefined ? update.offerCurrency : before.offer_currency;
      if (value !== null && currency === null) return { message: "An offer's value needs its currency", field: "offerCurrency" };
    }
    return null;
  }

  /** Applies a checked update (inside the caller's transaction). */
  function apply(actor: Actor, before: LeadRow, update: LeadUpdate) {
    const id = before.id;
    const at = new Date(clock()).toISOString();
    const by = actor?.id ?? null;
    if (update.status && update.status !== before.status) {
      setStatus.run(update.status, id);
      audit.record({
        actor,
        action: "lead.status",
        target: `lead:${id}`,
        detail: `${before.status} → ${update.status}`,
        facts: { from: before.status, to: update.status },
      });
      history(id, at, by, "status", before.status, update.status);
      firstAnswer.run(at, id);
    }
    if (update.assigneeId !== undefined && update.assigneeId !== before.assignee_id) {
      const to = update.assigneeId;
      setAssignee.run(to, id);
      const from = before.assignee_id === null ? "nobody" : `user:${before.assignee_id}`;
      audit.record({
        actor,
        action: "lead.assign",
        target: `lead:${id}`,
        detail: `${from} → ${to === null ? "nobody" : `user:${to}`}`,
        facts: { from: before.assignee_id, to },
      });
      history(id, at, by, "assignee", before.assignee_id === null ? null : String(before.assignee_id), to === null ? null : String(to));
    }
    // The value alone clears the offer when null; the currency follows it.
    const value = update.offerValue !== undefined ? update.offerValue : before.offer_value;
    const currency = value === null ? null : update.offerCurrency !== undefined ? update.offerCurrency : before.offer_currency;
    const [was, now] = [offerText(before.offer_value, before.offer_currency), offerText(value, currency)];
    if (was !== now) {
      setOffer.run(value, currency, id);
      audit.record({ actor, action: "lead.offer", target: `lead:${id}`, detail: `${was ?? "none"} → ${now ?? "none"}`, facts: { from: was, to: now } });
      history(id, at, by, "offer", was, now);
    }
    if (update.followUpOn !== undefined && update.followUpOn !== before.follow_up_on) {
      setFollowUp.run(update.followUpOn, id);
      audit.record({
        actor,
        action: "lead.follow-up",
        target: `lead:${id}`,
        detail: `${before.follow_up_on ?? "none"} → ${update.followUpOn ?? "none"}`,
        facts: { from: before.follow_up_on, to: update.followUpOn },
      });
      history(id, at, by, "followUpOn", before.follow_up_on, update.followUpOn);
    }
    const reason = update.lostReason === "" ? null : update.lostReason;
    if (reason !== undefined && reason !== before.lost_reason) {
      setLostReason.run(reason, id);
      // The reason's words may name the patient: they stay with the lead, the log says only that it changed.
      audit.record({ actor, action: "lead.lost-reason", target: `lead:${id}`, detail: "lost reason changed", facts: {} });
      history(id, at, by, "lostReason", before.lost_reason, reason);
    }
  }

  return { check, apply, firstAnswer: (id: number) => firstAnswer.run(new Date(clock()).toISOString(), id) };
}
export type LeadChanges = ReturnType<typeof createLeadChanges>;
