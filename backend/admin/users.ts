import express from "express";
import { UserCreateSchema, UserUpdateSchema } from "../../app/lib/platform/api/admin-contract";
import { endAllSessions } from "../auth/end-sessions";
import { actorOf, requireStaff, sessionOf } from "../auth/require-staff";
import { PasswordRefusedError } from "../auth/password-policy";
import { UserError } from "../auth/users";
import { fail, idOf, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

const statusOf = (error: UserError) => (error.code === "not_found" ? 404 : error.code === "handover_invalid" ? 422 : 409);

/** How many of a user's failing addresses the list names; the rest are counted. */
const SHOWN_ADDRESSES = 10;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A user's live sessions in the contract's shape (LiveSessionSchema), the caller's own marked. */
export function liveSessionsOf(services: StaffServices) {
  return (userId: number, current: string) =>
    services.sessions.live(userId).map(({ family, startedAt, activeAt, userAgent, address }) => ({
      startedAt: iso(startedAt)!,
      activeAt: iso(activeAt)!,
      userAgent,
      address,
      current: family === current,
    }));
}

/** admin/users…: the staff, created and changed by whoever holds write:user. */
export function createUsersRouter(services: StaffServices, onUnauthorized?: () => void) {
  const { users, throttle } = services;
  const lastSignIn = services.db.prepare("SELECT last_sign_in_at FROM users WHERE id = ?").pluck();
  const router = express.Router();
  const json = express.json({ limit: "8kb" });
  const sessionsOf = liveSessionsOf(services);

  /** A user's failed sign-ins in the last hour, in the contract's shape (SignInFailuresSchema). */
  function signInOf(email: string) {
    const state = throttle.state(email);
    return {
      failures: state.failures,
      lastFailureAt: iso(state.lastFailureAt),
      newAddressDelaySeconds: state.newAddressDelaySeconds,
      knownAddressesOnlyUntil: iso(state.knownAddressesOnlyUntil),
      addresses: state.addresses.slice(0, SHOWN_ADDRESSES).map((a) => ({ ...a, lastAt: iso(a.lastAt)!, heldUntil: iso(a.heldUntil) })),
      addressCount: state.addresses.length,
    };
  }

  router.get("/users", requireStaff(services, "read:user", onUnauthorized), (_req, res) => {
    const data = users.list().map((user) => ({
      ...user,
      signIn: signInOf(user.email),
      lastSignInAt: iso((lastSignIn.get(user.id) as number | null) ?? null),
      sessions: sessionsOf(user.id, sessionOf(res)),
      twoFactor: { enrolled: services.twoFactor.status(user.id).enrolled },
    }));
    res.json(list(data, data.length));
  });

  // Lifting a lock: the user's failed sign-ins are forgotten, and every address may try at once.
  router.delete("/users/:id/sign-in-failures", requireStaff(services, "write:user", onUnauthorized), (req, res, next) => {
    const id = idOf(req.params.id);
    if (!id) return fail(res, 404, "Not found");
    try {
      users.liftSignInLock(id, actorOf(res));
      res.status(204).end();
    } catch (error) {
      if (error instanceof UserError) return fail(res, statusOf(error), error.code);
      if (error instanceof PasswordRefusedError) return fail(res, 422, error.code);
      next(error);
    }
  });

  // "Sign out everywhere" for someone else (an owner for a colleague, a leaver's lost phone).
  router.delete("/users/:id/sessions", requireStaff(services, "write:user", onUnauthorized), (req, res) => {
    const id = idOf(req.params.id);
    if (!id || !users.byId(id)) return fail(res, 404, "Not found");
    endAllSessions(services, id, actorOf(res));
    res.status(204).end();
  });

  // A colleague lost the phone and the recovery codes: their two-factor sign-in is turned off, and
  // they set it up again at their next sign-in when their role requires it.
  router.delete("/users/:id/two-factor", requireStaff(services, "write:user", onUnauthorized), (req, res) => {
    const id = idOf(req.params.id);
    const user = id ? users.byId(id) : undefined;
    if (!id || !user) return fail(res, 404, "Not found");
    if (!services.twoFactor.status(id).enrolled) return fail(res, 409, "not_enrolled");
    services.twoFactor.disable(id);
    services.audit.record({
      actor: actorOf(res),
      action: "user.two-factor",
      target: `user:${id}`,
      detail: `two-factor sign-in of ${user.email} turned off by a colleague`,
      facts: { change: "reset" },
    });
    res.status(204).end();
  });

  router.post("/users", requireStaff(services, "write:user", onUnauthorized), json, async (req, res, next) => {
    const payload = parseOr400(UserCreateSchema, req.body, res);
    if (!payload) return;
    try {
      res.status(201).json(item(await users.create(payload, actorOf(res))));
    } catch (error) {
      if (error instanceof UserError) return fail(res, statusOf(error), error.code);
      if (error instanceof PasswordRefusedError) return fail(res, 422, error.code);
      next(error);
    }
  });

  router.patch("/users/:id", requireStaff(services, "write:user", onUnauthorized), json, async (req, res, next) => {
    const payload = parseOr400(UserUpdateSchema, req.body, res);
    if (!payload) return;
    const id = idOf(req.params.id);
    if (!id) return fail(res, 404, "Not found");
    try {
      res.json(item(await users.update(id, payload, actorOf(res))));
    } catch (error) {
      if (error instanceof UserError) return fail(res, statusOf(error), error.code);
      if (error instanceof PasswordRefusedError) return fail(res, 422, error.code);
      next(error);
    }
  });

  return router;
}
