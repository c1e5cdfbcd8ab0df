import express from "express";
import { OUTBOX_ID, OutboxSendAgainSchema } from "../../app/lib/api/admin-contract";
import { actorOf, requireStaff } from "../auth/require-staff";
import { fail, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

/**
 * admin/outbox/{id}/send-again: the refused leads wait in the site's own outbox, not here; the API
 * keeps the record of who sent which one again, with the rest of the audit log.
 */
export function createOutboxRouter(services: StaffServices, onUnauthorized?: () => void) {
  const router = express.Router();
  router.post("/outbox/:id/send-again", requireStaff(services, "write:outbox", onUnauthorized), express.json({ limit: "2kb" }), (req, res) => {
    if (!OUTBOX_ID.test(req.params.id)) return fail(res, 404, "Not found");
    const payload = parseOr400(OutboxSendAgainSchema, req.body, res);
    if (!payload) return;
    // The lead's id and kind only: its sender's name and words stay in the outbox (and go with it).
    const detail = `${payload.kind} lead${payload.refusal ? `, refused with ${payload.refusal}` : ""}`;
    services.audit.record({ actor: actorOf(res), action: "outbox.send-again", target: `outbox:${req.params.id}`, detail });
    res.status(204).end();
  });
  return router;
}
