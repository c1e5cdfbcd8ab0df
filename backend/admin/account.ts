import express from "express";
import { endAllSessions } from "../auth/end-sessions";
import { createStaffBearer, refuseBearer, type StaffCaller } from "../auth/require-staff";
import { verifyPassword } from "../auth/passwords";
import { fail, item, parseOr400 } from "../http";
import { z } from "zod";
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
        twoFactor: services.twoFactor.status(user.id),
      }),
    );
  });

  // "Sign out everywhere", this session included.
  router.delete("/account/sessions", (_req, res) => {
    const user = res.locals.staff as StaffCaller;
    endAllSessions(services, user.id, { id: user.id, email: user.email });
    res.status(204).end();
  });

  const json = express.json({ limit: "8kb" });
  const caller = (res: express.Response) => res.locals.staff as StaffCaller;
  const record = (user: StaffCaller, detail: string, facts: Record<string, string | boolean | number>) =>
    services.audit.record({ actor: { id: user.id, email: user.email }, action: "user.two-factor", target: `user:${user.id}`, detail, facts });

  // Setting up: the secret to show (as a QR code and as text) until a code confirms it.
  router.post("/account/two-factor/setup", (_req, res) => {
    const user = caller(res);
    const setup = services.twoFactor.setup(user.id, user.email);
    if (!setup) return fail(res, 409, "already_enrolled");
    res.json(item(setup));
  });

  router.post("/account/two-factor/confirm", json, (req, res) => {
    const payload = parseOr400(CodeSchema, req.body, res);
    if (!payload) return;
    const user = caller(res);
    const codes = services.twoFactor.confirm(user.id, payload.code);
    if (!codes) return fail(res, 422, "invalid_code");
    record(user, "two-factor sign-in turned on", { change: "enrolled" });
    res.json(item({ recoveryCodes: codes }));
  });

  /** Turning it off and new recovery codes take the password: a session left open is not enough. */
  async function withPassword(req: express.Request, res: express.Response) {
    const payload = parseOr400(PasswordCheckSchema, req.body, res);
    if (!payload) return null;
    const user = caller(res);
    const row = services.users.byId(user.id);
    if (!row || !(await verifyPassword(payload.password, row.password_hash))) {
      fail(res, 422, "wrong_password");
      return null;
    }
    return user;
  }

  router.post("/account/two-factor/disable", json, async (req, res) => {
    const user = await withPassword(req, res);
    if (!user) return;
    services.twoFactor.disable(user.id);
    record(user, "two-factor sign-in turned off", { change: "disabled" });
    res.status(204).end();
  });

  router.post("/account/two-factor/recovery-codes", json, async (req, res) => {
    const user = await withPassword(req, res);
    if (!user) return;
    if (!services.twoFactor.status(user.id).enrolled) return fail(res, 409, "not_enrolled");
    const codes = services.twoFactor.regenerate(user.id);
    record(user, "new recovery codes; the old ones no longer work", { change: "recoveryCodes" });
    res.json(item({ recoveryCodes: codes }));
  });

  return router;
}

const CodeSchema = z.object({ code: z.string().max(40) });
const PasswordCheckSchema = z.object({ password: z.string().max(200) });
