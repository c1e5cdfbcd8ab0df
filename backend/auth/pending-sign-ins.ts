import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "../clock";
import type { Db } from "../db";

/** How long a sign-in that passed its password may wait for its code. */
export const PENDING_TTL_MS = 10 * 60_000;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** What the sign-in waits for: a code of the app set up before, or the setup the user's role requires (ADR 047). */
export type PendingStep = "code" | "enrol";

export interface PendingSignIn {
  userId: number;
  step: PendingStep;
  address: string;
  userAgent: string;
}

/**
 * Sign-ins that passed the password and wait for their second step: an opaque token (stored as its
 * SHA-256) that grants nothing but asking for that step, for 10 minutes.
 */
export function createPendingSignIns(db: Db, clock: Clock) {
  const insert = db.prepare("INSERT INTO pending_sign_ins (token_hash, user_id, step, address, user_agent, expires_at) VALUES (?, ?, ?, ?, ?, ?)");
  const find = db.prepare("SELECT user_id, step, address, user_agent FROM pending_sign_ins WHERE token_hash = ? AND expires_at > ?");
  const remove = db.prepare("DELETE FROM pending_sign_ins WHERE token_hash = ?");
  const prune = db.prepare("DELETE FROM pending_sign_ins WHERE expires_at <= ?");
  return {
    start(pending: PendingSignIn): { token: string; expiresIn: number } {
      prune.run(clock());
      const token = randomBytes(32).toString("base64url");
      insert.run(digest(token), pending.userId, pending.step, pending.address, pending.userAgent.slice(0, 500), clock() + PENDING_TTL_MS);
      return { token, expiresIn: PENDING_TTL_MS / 1000 };
    },
    find(token: string): PendingSignIn | null {
      const row = find.get(digest(token), clock()) as { user_id: number; step: string; address: string; user_agent: string } | undefined;
      return row ? { userId: row.user_id, step: row.step === "enrol" ? "enrol" : "code", address: row.address, userAgent: row.user_agent } : null;
    },
    end(token: string) {
      remove.run(digest(token));
    },
  };
}
