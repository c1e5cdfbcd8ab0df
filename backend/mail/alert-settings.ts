import express from "express";
import { AlertSettingsSchema } from "../../app/lib/platform/api/mail-contract";
import { actorOf, requireStaff } from "../auth/require-staff";
import { item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import type { AlertState } from "./alert-state";

/** admin/alert-settings: who is told of a new lead. Apart from admin/settings, which the public site reads. */
export function createAlertSettingsRouter(services: StaffServices, state: AlertState, onUnauthorized?: () => void) {
  const router = express.Router();
  router.get("/alert-settings", requireStaff(services, "read:settings", onUnauthorized), (_req, res) => {
    res.json(item({ mode: state.mode() }));
  });
  router.put("/alert-settings", requireStaff(services, "write:settings", onUnauthorized), express.json({ limit: "1kb" }), (req, res) => {
    const body = parseOr400(AlertSettingsSchema, req.body, res);
    if (!body) return;
    const before = state.mode();
    services.db.transaction(() => {
      state.setMode(body.mode);
      if (before !== body.mode) {
        services.audit.record({
          actor: actorOf(res),
          action: "settings.update",
          target: "settings",
          detail: `alerts ${before} → ${body.mode}`,
          facts: { fields: ["alerts.mode"] },
        });
      }
    })();
    res.json(item({ mode: state.mode() }));
  });
  return router;
}
