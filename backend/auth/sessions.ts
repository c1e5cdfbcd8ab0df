import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "../clock";
import type { Db } from "../db";

/** A rotated refresh token used again within this long still gets a pair (two site instances refreshing at once). */
export const REUSE_GRACE_MS = 10_000;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export type Rotation =
  | { outcome: "rotated"; userId: number; refreshToken: string }
  | { outcome: "invalid" }
  /** A token rotated more than REUSE_GRACE_MS ago came back: its family is revoked. */
  | { outcome: "reused"; userId: number };

/** Every session of a user ends: a changed password, a disabled user. */
export function revokeUserSessions(db: Db, userId: number) {
  db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE user_id = ? AND revoked = 0").run(userId);
}

/**
 * Refresh tokens: opaque (32 random bytes, base64url), stored as their SHA-256, each living
 * `refreshTtlSeconds` from its issue, in a family started at sign-in. Refreshing rotates: the used
 * token is marked rotated and a new one of the same family is issued.
 */
export function createSessions(db: Db, options: { refreshTtlSeconds: number; clock: Clock }) {
  const insert = db.prepare("INSERT INTO refresh_tokens (token_hash, family, user_id, expires_at) VALUES (?, ?, ?, ?)");
  const find = db.prepare("SELECT family, user_id, expires_at, rotated_at, revoked FROM refresh_tokens WHERE token_hash = ?");
  const markRotated = db.prepare("UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ?");
  const liveFamily = db.prepare("SELECT 1 FROM refresh_tokens WHERE family = ? AND revoked = 0 LIMIT 1");
  const revokeFamily = db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE family = ?");
  const userEnabled = db.prepare("SELECT 1 FROM users WHERE id = ? AND disabled = 0").pluck();
  const prune = db.prepare("DELETE FROM refresh_tokens WHERE expires_at < ?");
  const pruneSessions = db.prepare("DELETE FROM staff_sessions WHERE family NOT IN (SELECT family FROM refresh_tokens)");
  const insertSession = db.prepare("INSERT INTO staff_sessions (family, user_id, started_at, active_at, user_agent, address) VALUES (?, ?, ?, ?, ?, ?)");
  const touchSession = db.prepare("UPDATE staff_sessions SET active_at = ? WHERE family = ?");
  const signedInAt = db.prepare("UPDATE users SET last_sign_in_at = ? WHERE id = ?");
  // A session is live while a token of its family is neither revoked nor expired.
  const liveOf = db.prepare(
    `SELECT family, started_at, active_at, user_agent, address FROM staff_sessions s
     WHERE user_id = ? AND EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family = s.family AND t.revoked = 0 AND t.expires_at > ?)
     ORDER BY active_at DESC`,
  );

  const issue = (family: string, userId: number) => {
    const token = randomBytes(32).toString("base64url");
    insert.run(digest(token), family, userId, options.clock() + options.refreshTtlSeconds * 1000);
    return token;
  };
  type Row = { family: string; user_id: number; expires_at: number; rotated_at: number | null; revoked: number };

  return {
    /** A new family for a sign-in, with the device it came from; returns its first refresh token. */
    start(userId: number, device: { userAgent?: string; address: string } = { address: "" }): string {
      const now = options.clock();
      // Expired rows are of no use to anyone: a sign-in is a good moment to drop them.
      prune.run(now - REUSE_GRACE_MS);
      pruneSessions.run();
      const family = randomUUID();
      insertSession.run(family, userId, now, now, (device.userAgent ?? "").slice(0, 500), device.address);
      signedInAt.run(now, userId);
      return issue(family, userId);
    },

    /** A user's sessions that still count, most recently active first. */
    live(userId: number): LiveSession[] {
      return (liveOf.all(userId, options.clock()) as SessionRow[]).map((row) => ({
        family: row.family,
        startedAt: row.started_at,
        activeAt: row.active_at,
        userAgent: row.user_agent,
        address: row.address,
      }));
    },

    rotate(token: string): Rotation {
      return db.transaction((): Rotation => {
        const now = options.clock();
        const row = find.get(digest(token)) as Row | undefined;
        if (!row || row.revoked || row.expires_at <= now) return { outcome: "invalid" };
        if (!userEnabled.get(row.user_id)) {
          revokeFamily.run(row.family);
          return { outcome: "invalid" };
        }
        if (row.rotated_at !== null) {
          if (now - row.rotated_at > REUSE_GRACE_MS) {
            revokeFamily.run(row.family);
            return { outcome: "reused", userId: row.user_id };
          }
          // Within the grace: another pair in the same family; the token stays rotated at its first use.
          return { outcome: "rotated", userId: row.user_id, refreshToken: issue(row.family, row.user_id) };
        }
        markRotated.run(now, digest(token));
        touchSession.run(now, row.family);
        return { outcome: "rotated", userId: row.user_id, refreshToken: issue(row.family, row.user_id) };
      })();
    },

    /** The session (family) a refresh token belongs to. */
    familyOf(token: string): string | null {
      return (find.get(digest(token)) as Row | undefined)?.family ?? null;
    },

    /** Whether a session was neither signed out nor revoked (reuse, disabled user, new password). */
    isLive(family: string): boolean {
      return liveFamily.get(family) !== undefined;
    },

    /** Sign-out: the token's whole family is revoked. Returns its user, or null for an unknown token. */
    end(token: string): { userId: number; wasActive: boolean } | null {
      const row = find.get(digest(token)) as Row | undefined;
      if (!row) return null;
      revokeFamily.run(row.family);
      return { userId: row.user_id, wasActive: !row.revoked && row.expires_at > options.clock() };
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;

type SessionRow = { family: string; started_at: number; active_at: number; user_agent: string; address: string };
/** A session as the user page lists it: when it began, when it was last renewed (every few minutes while in use), from what. */
export interface LiveSession {
  family: string;
  startedAt: number;
  activeAt: number;
  userAgent: string;
  address: string;
}
