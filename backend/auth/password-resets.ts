import { createHash, randomBytes } from "node:crypto";
import express from "express";
import { ZodError } from "zod";
import { PASSWORD_RESET_MINUTES, PasswordResetRequestSchema, PasswordResetUseSchema, RESET_ERRORS } from "../../app/lib/platform/api/mail-contract";
import { fail, item, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";
import { UserError } from "./users";

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * auth/password-resets (client token): a single-use link for an enabled staff member's address,
 * kept as its SHA-256 only; using it sets the password through the same check and store as any
 * other reset (users.resetPassword), which ends the user's sessions.
 */
export function createPasswordResetRouter(services: StaffServices) {
  const { db, users, clock } = services;
  const router = express.Router();
  const json = express.json({ limit: "4kb" });
  const insert = db.prepare("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)");
  const dropExpired = db.prepare("DELETE FROM password_resets WHERE expires_at < ? OR used_at IS NOT NULL");
  const claim = db.prepare("UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?");
  const unclaim = db.prepare("UPDATE password_resets SET used_at = NULL WHERE token_hash = ?");
  const ownerOf = db.prepare("SELECT user_id FROM password_resets WHERE token_hash = ?").pluck();
  const dropOthers = db.prepare("DELETE FROM password_resets WHERE user_id = ?");

  router.post("/password-resets", json, (req, res) => {
    const body = parseOr400(PasswordResetRequestSchema, req.body, res);
    if (!body) return;
    const user = users.byEmail(body.email);
    const now = clock();
    dropExpired.run(now);
    if (!user || user.disabled) return res.json(item({ mail: null }));
    const token = randomBytes(32).toString("base64url");
    const expiresAt = now + PASSWORD_RESET_MINUTES * 60_000;
    insert.run(hashOf(token), user.id, expiresAt);
    res.json(item({ mail: { token, email: user.email, language: user.language, expiresAt: new Date(expiresAt).toISOString() } }));
  });

  router.post("/password-resets/use", json, async (req, res, next) => {
    const body = parseOr400(PasswordResetUseSchema, req.body, res);
    if (!body) return;
    const hash = hashOf(body.token);
    // Taken before the (slow) hashing, so two uses at once cannot both succeed; given back if the password is refused.
    if (claim.run(clock(), hash, clock()).changes === 0) return fail(res, 400, RESET_ERRORS.link);
    const user = users.byId(ownerOf.get(hash) as number);
    if (!user || user.disabled) return fail(res, 400, RESET_ERRORS.link);
    try {
      await users.resetPassword(user.email, body.password, { id: user.id, email: user.email }, "reset link");
    } catch (error) {
      unclaim.run(hash);
      if (error instanceof ZodError) {
        const issue = error.issues.find((i) => i.path.includes("password")) ?? error.issues[0];
        return fail(res, 400, issue.message, "password");
      }
      if (error instanceof UserError) return fail(res, 400, RESET_ERRORS.link);
      return next(error);
    }
    // Every other link of this user goes with the password it was sent to replace.
    dropOthers.run(user.id);
    res.status(204).end();
  });
  return router;
}
