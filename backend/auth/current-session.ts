import type { Request, Response } from "express";
import { item } from "../http";
import type { StaffServices } from "../staff-services";
import { createStaffBearer, grantedNow, refuseBearer } from "./require-staff";

/**
 * GET /api/auth/session with the staff member's own bearer: who they are now and what the API will
 * let them do now, or 401 once the session was signed out or revoked or the user disabled. The site
 * asks on every back-office request (docs/decisions/015-staff-sessions.md), so nothing it shows or
 * does from its own state (the outbox, the menu) outlives a revocation or a demotion.
 */
export function createCurrentSession(services: StaffServices, onUnauthorized?: () => void) {
  const bearer = createStaffBearer(services);
  return async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const found = await bearer(req);
    if (!found) {
      onUnauthorized?.();
      return refuseBearer(res);
    }
    const { claims, user } = found;
    res.json(item({ ...user, disabled: false, permissions: grantedNow(claims, user) }));
  };
}
