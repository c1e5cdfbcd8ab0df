import express, { type Request, type Response } from "express";
import {
  AUTH_ERRORS,
  LoginPayloadSchema,
  PendingSetupPayloadSchema,
  RefreshPayloadSchema,
  SecondStepPayloadSchema,
  UserCreateSchema,
  type StaffUser,
} from "../../app/lib/platform/api/admin-contract";
import { fail, item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import { DUMMY_HASH, verifyPassword } from "./passwords";
import { PasswordRefusedError } from "./password-policy";
import { createPendingSignIns } from "./pending-sign-ins";
import { createTwoFactorPolicy } from "./two-factor-policy";
import { addressKey } from "./address-key";
import { holdsDetail, refusedDetail } from "./throttle-words";
import { PasswordResetSchema, permissionsOfRow, toStaffUser, UserError, type UserRow } from "./users";

const INVALID_REFRESH = "invalid_refresh_token";

/**
 * The identity API, `/api/auth/…`, behind the site's client-credentials token (checked by the
 * caller): sign-in, refresh, sign-out, and the operations `npm run admin` uses on an external API.
 */
export function createIdentityRouter(services: StaffServices) {
  const { users, sessions, throttle, staffTokens, audit } = services;
  const pendingSignIns = createPendingSignIns(services.db, services.clock);
  const policy = createTwoFactorPolicy(services.db);
  const router = express.Router();
  const json = express.json({ limit: "8kb" });
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  async function sessionFor(user: UserRow, refreshToken: string, recoveryCodes?: string[]) {
    // The token names its session (the refresh token's family): sign-out ends it at once, not at its expiry.
    const access = await staffTokens.issue(user, sessions.familyOf(refreshToken)!);
    const staffUser: StaffUser = toStaffUser(user);
    return item({
      ...access,
      refreshToken,
      user: { ...staffUser, permissions: permissionsOfRow(user) },
      ...(recoveryCodes ? { recoveryCodes } : {}),
    });
  }

  type Who = { actor: { id: number; email: string } | null; target: string | null };
  type Attempt = ReturnType<typeof throttle.begin>;
  type Refused = Extract<Attempt, { admitted: false }>;
  type Admitted = Extract<Attempt, { admitted: true }>;

  /** A sign-in step held back by the throttle (ADR 031): logged, and 429 with when to try again. */
  function refuse(res: Response, who: Who, address: string, attempt: Refused) {
    audit.record({
      ...who,
      action: "sign-in-refused",
      detail: refusedDetail(address, attempt.gates, attempt.retryAfterSeconds),
      facts: { address, waitSeconds: attempt.retryAfterSeconds },
    });
    res.set("Retry-After", String(attempt.retryAfterSeconds));
    return fail(res, 429, AUTH_ERRORS.locked);
  }

  /** After a failed step (a password or a code): the holds it started, if any, in the log. */
  function recordHolds(who: Who, email: string, address: string, attempt: Admitted) {
    const holds = throttle.holds(email, address, attempt);
    if (holds.length === 0) return;
    audit.record({
      ...who,
      action: "sign-in-locked",
      detail: holdsDetail(address, holds, attempt.at),
      facts: {
        address,
        failures: Math.max(...holds.map((hold) => hold.failures)),
        waitSeconds: Math.ceil(Math.max(...holds.map((hold) => hold.until - attempt.at)) / 1000),
      },
    });
  }

  router.post("/login", json, async (req: Request, res: Response) => {
    const payload = parseOr400(LoginPayloadSchema, req.body, res);
    if (!payload) return;
    const email = payload.email.trim().toLowerCase();
    // The staff member's address as the site saw it; the caller's own when the site sends none.
    const address = addressKey(payload.clientIp || req.socket.remoteAddress || "unknown");
    const found = users.byEmail(email);
    // The log names a known user; an unknown e-mail is not written down (it may be a password typed in the wrong field).
    const who = { actor: found ? { id: found.id, email: found.email } : null, target: found ? `user:${found.id}` : null };
    const attempt = throttle.begin(email, address);
    if (!attempt.admitted) return refuse(res, who, address, attempt);
    // One scrypt whatever the e-mail: an unknown one is checked against a hash nothing matches.
    const matches = await verifyPassword(payload.password, found?.password_hash ?? DUMMY_HASH);
    const user = found && users.byId(found.id);
    if (!user || user.disabled || !matches) {
      const why = !user ? "unknown e-mail" : user.disabled ? "disabled user" : "wrong password";
      const reason = !user ? "unknownEmail" : user.disabled ? "disabled" : "wrongPassword";
      audit.record({ ...who, action: "sign-in-failed", detail: `${why} from ${address}`, facts: { reason, address } });
      recordHolds(who, email, address, attempt);
      return fail(res, 401, AUTH_ERRORS.invalid);
    }
    // The password was right; the attempt stays counted until the code is (ADR 047), so guessing
    // codes with a known password is throttled like guessing passwords. A role the owner requires
    // two factors of, not set up yet: the setup is the second step, and no session comes before it.
    const step = services.twoFactor.status(user.id).enrolled ? "code" : policy.requires(user.role) ? "enrol" : null;
    if (step) {
      const pending = pendingSignIns.start({ userId: user.id, step, address, userAgent: payload.userAgent ?? "" });
      return res.status(202).json(item({ secondStep: step, pending: pending.token, expiresIn: pending.expiresIn }));
    }
    throttle.succeeded(email, address);
    const refreshToken = sessions.start(user.id, { userAgent: payload.userAgent, address });
    audit.record({ actor: { id: user.id, email: user.email }, action: "sign-in", target: `user:${user.id}`, detail: `from ${address}`, facts: { address } });
    res.json(await sessionFor(user, refreshToken));
  });

  // A sign-in that must set up two factors first: the secret to scan (the same until confirmed).
  router.post("/login/setup", json, (req: Request, res: Response) => {
    const payload = parseOr400(PendingSetupPayloadSchema, req.body, res);
    if (!payload) return;
    const pending = pendingSignIns.find(payload.pending);
    const user = pending?.step === "enrol" ? users.byId(pending.userId) : undefined;
    if (!user || user.disabled) return fail(res, 401, AUTH_ERRORS.pendingExpired);
    const setup = services.twoFactor.setup(user.id, user.email);
    if (!setup) return fail(res, 401, AUTH_ERRORS.pendingExpired);
    res.json(item(setup));
  });

  // A sign-in's second step: the code of the authenticator app, or a recovery code (used up); or,
  // for a setup the role requires, the first code of the app, which turns it on.
  router.post("/login/code", json, async (req: Request, res: Response) => {
    const payload = parseOr400(SecondStepPayloadSchema, req.body, res);
    if (!payload) return;
    const pending = pendingSignIns.find(payload.pending);
    const user = pending && users.byId(pending.userId);
    if (!pending || !user || user.disabled) return fail(res, 401, AUTH_ERRORS.pendingExpired);
    const address = addressKey(payload.clientIp || pending.address);
    const who = { actor: { id: user.id, email: user.email }, target: `user:${user.id}` };
    const attempt = throttle.begin(user.email, address);
    if (!attempt.admitted) return refuse(res, who, address, attempt);
    const enrolled = pending.step === "enrol" ? services.twoFactor.confirm(user.id, payload.code) : null;
    const method = pending.step === "enrol" ? (enrolled ? "enrolled" : null) : services.twoFactor.verify(user.id, payload.code);
    if (!method) {
      audit.record({ ...who, action: "sign-in-failed", detail: `wrong code from ${address}`, facts: { reason: "wrongCode", address } });
      recordHolds(who, user.email, address, attempt);
      return fail(res, 401, AUTH_ERRORS.invalidCode);
    }
    pendingSignIns.end(payload.pending);
    throttle.succeeded(user.email, address);
    const refreshToken = sessions.start(user.id, { userAgent: pending.userAgent, address });
    const left = services.twoFactor.status(user.id).recoveryCodesLeft;
    if (enrolled) {
      audit.record({ ...who, action: "user.two-factor", detail: "two-factor sign-in turned on (required for the role)", facts: { change: "enrolled" } });
    }
    const how = method === "recovery" ? `a recovery code (${left} left)` : method === "enrolled" ? "a new authenticator's first code" : "an authenticator code";
    audit.record({
      ...who,
      action: "sign-in",
      detail: `from ${address} with ${how}`,
      facts: { address, secondStep: method === "recovery" ? "recovery" : "totp", ...(method === "recovery" ? { recoveryCodesLeft: left } : {}) },
    });
    res.json(await sessionFor(user, refreshToken, enrolled ?? undefined));
  });

  router.post("/refresh", json, async (req, res) => {
    const payload = parseOr400(RefreshPayloadSchema, req.body, res);
    if (!payload) return;
    const rotation = sessions.rotate(payload.refreshToken);
    if (rotation.outcome === "reused") {
      const user = users.byId(rotation.userId);
      audit.record({
        actor: user ? { id: user.id, email: user.email } : null,
        action: "session.reuse",
        target: `user:${rotation.userId}`,
        detail: "a rotated refresh token came back; its sessions are revoked",
      });
    }
    if (rotation.outcome !== "rotated") return fail(res, 401, INVALID_REFRESH);
    const user = users.byId(rotation.userId);
    if (!user || user.disabled) return fail(res, 401, INVALID_REFRESH);
    res.json(await sessionFor(user, rotation.refreshToken));
  });

  router.post("/logout", json, (req, res) => {
    const payload = parseOr400(RefreshPayloadSchema, req.body, res);
    if (!payload) return;
    const ended = sessions.end(payload.refreshToken);
    const user = ended?.wasActive ? users.byId(ended.userId) : undefined;
    if (user) audit.record({ actor: { id: user.id, email: user.email }, action: "sign-out", target: `user:${user.id}` });
    res.status(204).end();
  });

  // Operations for `npm run admin` against an external API (the site's own credentials).
  router.post("/ops/users", json, async (req, res, next) => {
    const payload = parseOr400(UserCreateSchema, req.body, res);
    if (!payload) return;
    try {
      res.status(201).json(item(await users.create(payload, null, "ops API")));
    } catch (error) {
      if (error instanceof UserError) return fail(res, error.code === "not_found" ? 404 : 409, error.code);
      if (error instanceof PasswordRefusedError) return fail(res, 422, error.code);
      next(error);
    }
  });

  router.post("/ops/reset-password", json, async (req, res, next) => {
    const payload = parseOr400(PasswordResetSchema, req.body, res);
    if (!payload) return;
    try {
      await users.resetPassword(payload.email, payload.password, null, "ops API");
      res.status(204).end();
    } catch (error) {
      if (error instanceof UserError) return fail(res, error.code === "not_found" ? 404 : 409, error.code);
      if (error instanceof PasswordRefusedError) return fail(res, 422, error.code);
      next(error);
    }
  });

  return router;
}
