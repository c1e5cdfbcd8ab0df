import express from "express";
import { LeadAlertRequestSchema, type LeadAlert } from "../../app/lib/platform/api/mail-contract";
import type { StaffLanguage } from "../../app/lib/platform/api/admin-contract";
import { leadKind } from "../admin/lead-records";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import type { AlertState } from "./alert-state";

type Recipient = LeadAlert["recipients"][number];

/**
 * POST leadAlerts (client token): whom the site should tell of a lead it delivered. Coordinators (the
 * owners when no coordinator is enabled, so no lead goes unseen); all of them, or the next in turn.
 * The answer is kept per lead, so a retry or a second instance asking gets the same people and the
 * turn moves once.
 */
export function createLeadAlertsRouter(services: StaffServices, state: AlertState) {
  const { db, clock } = services;
  const router = express.Router();
  const leadByKey = db.prepare("SELECT id, kind, received_at, payload FROM leads WHERE idempotency_key = ?");
  const kept = db.prepare("SELECT recipients FROM lead_alerts WHERE lead_id = ?").pluck();
  const keep = db.prepare("INSERT INTO lead_alerts (lead_id, recipients, created_at) VALUES (?, ?, ?)");
  const staffOf = db.prepare("SELECT id, email, language FROM users WHERE disabled = 0 AND role = ? ORDER BY id");

  function choose(): Recipient[] {
    const coordinators = staffOf.all("coordinator") as { id: number; email: string; language: StaffLanguage }[];
    const people = coordinators.length > 0 ? coordinators : (staffOf.all("owner") as typeof coordinators);
    if (state.mode() === "all" || people.length === 0) return people;
    const last = state.lastTurn();
    const next = people.find((p) => p.id > last) ?? people[0];
    state.setLastTurn(next.id);
    return [next];
  }

  router.post("/leadAlerts", express.json({ limit: "4kb" }), (req, res) => {
    const body = parseOr400(LeadAlertRequestSchema, req.body, res);
    if (!body) return;
    const answer = db.transaction((): LeadAlert => {
      const lead = leadByKey.get(body.idempotencyKey) as { id: number; kind: string; received_at: string; payload: string } | undefined;
      // Erased before anyone was told: nobody is.
      if (!lead) return { lead: null, recipients: [] };
      const payload = JSON.parse(lead.payload) as Record<string, unknown>;
      const stored = kept.get(lead.id) as string | undefined;
      const recipients = stored ? (JSON.parse(stored) as Recipient[]) : choose();
      if (!stored) keep.run(lead.id, JSON.stringify(recipients), new Date(clock()).toISOString());
      const language = typeof payload.languageCode === "string" ? payload.languageCode : "en";
      return {
        lead: {
          id: lead.id,
          kind: leadKind(lead.kind, payload),
          language: language as NonNullable<LeadAlert["lead"]>["language"],
          receivedAt: lead.received_at,
        },
        recipients,
      };
    })();
    res.json(item(answer));
  });
  return router;
}
