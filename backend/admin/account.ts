import express from "express";
import { endAllSessions } from "../auth/end-sessions";
import { createStaffBearer, refuseBearer, type StaffCaller } from "../auth/require-staff";
import { item } from "../http";
import type { StaffServices } from "../staff-services";
import { liveSessionsOf } from "./users";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * admin/account…: the caller's own account, open to every staff member whatever their role (a
 * coordinator holds no read:user, yet sees their own sessions and ends them).
 */
export function createAccountRouter(services: StaffServices, onUnauthorized?: () => void) {
  const router = express.Router();
  const bearer = createStaffBearer(services);
  const sessionsOf = liveSessionsOf(services);
  const lastSignIn = services.db.prepare("SELECT last_sign_in_at FROM users WHERE id = ?").pluck();

  router.use("/account", async (req, res, next) => {
    const found = await bearer(req);
    if (!found) {
      onUnauthorized?.();
      return refuseBearer(res);
    }
    res.locals.staff = found.user;
    res.locals.sessionId = found.claims.sessionId;
    res.set("Cache-Control", "private, no-store");
    next();
  });

  router.get("/account", (_req, res) => {
    const user = res.locals.staff as StaffCaller;
    res.json(
      item({
        lastSignInAt: iso((lastSignIn.get(user.id) as number | null) ?? null),
        sessions: sessionsOf(user.id, res.locals.sessionId as string),
      }),
    );
  });

  // "Sign out everywhere", this session included.
  router.delete("/account/sessions", (_req, res) => {
    const user = res.locals.staff as StaffCaller;
    endAllSessions(services, user.id, { id: user.id, email: user.email });
    res.status(204).end();
  });

  return router;
}
