import { randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { PERMISSIONS, permissionsOf, type Permission, type Role } from "../../app/lib/platform/api/admin-contract";
import type { Clock } from "../clock";

export const STAFF_ISSUER = "remed-embedded-backend";
export const STAFF_AUDIENCE = "staff";

export interface StaffClaims {
  userId: number;
  /** The session: the family of the refresh token it was issued with. */
  sessionId: string;
  email: string;
  perms: Permission[];
}

/**
 * Staff access tokens: HS256 JWTs with sub (the user id), email, perms and exp, signed with a key of
 * their own (never the client-credentials key, so neither kind of token passes for the other).
 */
export function createStaffTokens(options: { ttlSeconds: number; clock: Clock }) {
  const key = randomBytes(32);
  return {
    ttlSeconds: options.ttlSeconds,
    async issue(user: { id: number; email: string; role: Role; notification_admin: number }, sessionId: string) {
      const now = Math.floor(options.clock() / 1000);
      const accessToken = await new SignJWT({
        email: user.email,
        sid: sessionId,
        perms: permissionsOf({ role: user.role, notificationAdmin: user.notification_admin === 1 }),
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setIssuer(STAFF_ISSUER)
        .setAudience(STAFF_AUDIENCE)
        .setSubject(String(user.id))
        .setIssuedAt(now)
        .setExpirationTime(now + options.ttlSeconds)
        .sign(key);
      return { accessToken, expiresIn: options.ttlSeconds };
    },
    async verify(token: string): Promise<StaffClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: STAFF_ISSUER,
          audience: STAFF_AUDIENCE,
          algorithms: ["HS256"],
          requiredClaims: ["sub", "exp", "sid"],
          currentDate: new Date(options.clock()),
          clockTolerance: 0,
        });
        const userId = Number(payload.sub);
        const { email, sid, perms: claimed } = payload;
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof email !== "string" || typeof sid !== "string" || !Array.isArray(claimed)) return null;
        const perms = claimed.filter((p): p is Permission => (PERMISSIONS as readonly unknown[]).includes(p));
        return { userId, sessionId: sid, email, perms };
      } catch {
        return null;
      }
    },
  };
}
export type StaffTokens = ReturnType<typeof createStaffTokens>;
