import express from "express";
import { OUTBOX_ACTIONS, OUTBOX_ID, OutboxActionSchema, type OutboxAction } from "../../app/lib/platform/api/admin-contract";
import { actorOf, requireStaff } from "../auth/require-staff";
import { fail, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

/**
 * admin/outbox/{id}/send-again and admin/outbox/{id}/discard: the refused leads wait in the site's
 * own outbox, not here; the API keeps the record of who sent which one again or discarded it (an
 * erasure), with the rest of the audit log.
 */
export function createOutboxRouter(services: StaffServices, onUnauthorized?: () => void) {
  const router = express.Router();
  for (const [action, permission] of Object.entries(OUTBOX_ACTIONS) as [OutboxAction, (typeof OUTBOX_ACTIONS)[OutboxAction]][]) {
    router.post(`/outbox/:id/${action}`, requireStaff(services, permission, onUnauthorized), express.json({ limit: "2kb" }), (req, res) => {
      if (!OUTBOX_ID.test(req.params.id)) return fail(res, 404, "Not found");
      const payload = parseOr400(OutboxActionSchema, req.body, res);
      if (!payload) return;
      // The lead's id and kind only: its sender's name and words stay in the outbox (and go with it).
      const detail = `${payload.kind} lead${payload.refusal ? `, refused with ${payload.refusal}` : ""}`;
      services.audit.record({
        actor: actorOf(res),
        action: `outbox.${action}`,
        target: `outbox:${req.params.id}`,
        detail,
        facts: { kind: payload.kind, refusal: payload.refusal ?? null },
      });
      res.status(204).end();
    });
  }
  return router;
}
