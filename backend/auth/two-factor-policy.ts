import express from "express";
import { TwoFactorPolicySchema, type Role } from "../../app/lib/platform/api/admin-contract";
import { actorOf, requireStaff } from "./require-staff";
import { item, parseOr400 } from "../http";
import type { Db } from "../db";
import type { StaffServices } from "../staff-services";

const KEY = "twoFactor.requiredRoles";

/**
 * The roles that must sign in with two factors (the owner's choice in the settings; ADR 047). Kept
 * in the API so every site instance asks the same of the same user. A user of such a role who has
 * not set it up is taken through the setup at their next sign-in, before any session is made.
 */
export function createTwoFactorPolicy(db: Db) {
  const read = db.prepare("SELECT value FROM meta WHERE key = ?").pluck();
  const write = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  const roles = (): Role[] => {
    try {
      return TwoFactorPolicySchema.shape.requiredRoles.catch([]).parse(JSON.parse(String(read.get(KEY) ?? "[]")));
    } catch {
      return [];
    }
  };
  return {
    requiredRoles: roles,
    requires: (role: Role) => roles().includes(role),
    setRequiredRoles: (next: Role[]) => write.run(KEY, JSON.stringify([...new Set(next)])),
  };
}
export type TwoFactorPolicy = ReturnType<typeof createTwoFactorPolicy>;

/** admin/two-factor-policy: read with the settings, changed by whoever may change them (the owner). */
export function createTwoFactorPolicyRouter(services: StaffServices, onUnauthorized?: () => void) {
  const policy = createTwoFactorPolicy(services.db);
  const router = express.Router();
  router.get("/two-factor-policy", requireStaff(services, "read:settings", onUnauthorized), (_req, res) => {
    res.json(item({ requiredRoles: policy.requiredRoles() }));
  });
  router.put("/two-factor-policy", requireStaff(services, "write:settings", onUnauthorized), express.json({ limit: "1kb" }), (req, res) => {
    const body = parseOr400(TwoFactorPolicySchema, req.body, res);
    if (!body) return;
    const before = policy.requiredRoles();
    services.db.transaction(() => {
      policy.setRequiredRoles(body.requiredRoles);
      const after = policy.requiredRoles();
      if (before.join() !== after.join()) {
        services.audit.record({
          actor: actorOf(res),
          action: "settings.update",
          target: "settings",
          detail: `two-factor required for: ${after.join(", ") || "nobody"}`,
          facts: { fields: ["twoFactor.requiredRoles"] },
        });
      }
    })();
    res.json(item({ requiredRoles: policy.requiredRoles() }));
  });
  return router;
}
