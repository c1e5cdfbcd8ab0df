import type { NextFunction, Request, Response } from "express";
import { permissionsOf, type Permission, type Role, type StaffLanguage } from "../../app/lib/platform/api/admin-contract";
import { fail } from "../http";
import type { StaffServices } from "../staff-services";
import type { StaffClaims } from "./staff-tokens";
import { toStaffCaller, type UserRow } from "./users";

/** The staff member a request was made by, set by requireStaff. */
export interface StaffCaller {
  id: number;
  email: string;
  name: string;
  language: StaffLanguage;
  role: Role;
  /** The notification-admin grant (ADR 058). */
  notificationAdmin: boolean;
}

export const callerOf = (res: Response) => res.locals.staff as StaffCaller;
export const actorOf = (res: Response) => ({ id: callerOf(res).id, email: callerOf(res).email });
/** The session (refresh-token family) the request's bearer belongs to, set by requireStaff. */
export const sessionOf = (res: Response) => res.locals.sessionId as string;

/**
 * Who a request's staff bearer belongs to now: a valid staff access token whose session was neither
 * signed out nor revoked, of a user who still exists and is enabled; null otherwise. A
 * client-credentials token is no staff token: it is signed with another key.
 */
export function createStaffBearer(services: StaffServices) {
  const enabledUser = services.db.prepare("SELECT id, email, name, language, role, notification_admin FROM users WHERE id = ? AND disabled = 0");
  return async (req: Request): Promise<{ claims: StaffClaims; user: StaffCaller } | null> => {
    const header = req.get("authorization") ?? "";
    const claims = header.startsWith("Bearer ") ? await services.staffTokens.verify(header.slice(7)) : null;
    const row = claims ? (enabledUser.get(claims.userId) as Omit<UserRow, "disabled" | "password_hash"> | undefined) : undefined;
    const user = row && toStaffCaller(row);
    // A signed-out or revoked session's token is refused at once, on every instance of the site.
    return claims && user && services.sessions.isLive(claims.sessionId) ? { claims, user } : null;
  };
}

/** The token's permissions, as far as the user's current role and grants still give them: a demotion counts at once. */
export function grantedNow(claims: StaffClaims, user: { role: Role; notificationAdmin: boolean }): Permission[] {
  const now = permissionsOf(user);
  return claims.perms.filter((p) => now.includes(p));
}

/** The 401 of a missing, invalid or revoked staff token. */
export function refuseBearer(res: Response) {
  res.set("WWW-Authenticate", 'Bearer error="invalid_token"');
  return fail(res, 401, "A valid staff bearer token is required");
}

/**
 * An admin endpoint's gate: a live staff bearer (401 otherwise, also when its user is gone or
 * disabled, or its session was signed out or revoked) that carries the permission, which the user's
 * current role still grants (403).
 */
export function requireStaff(services: StaffServices, permission: Permission, onUnauthorized?: () => void) {
  const bearer = createStaffBearer(services);
  return async (req: Request, res: Response, next: NextFunction) => {
    const found = await bearer(req);
    if (!found) {
      onUnauthorized?.();
      return refuseBearer(res);
    }
    if (!grantedNow(found.claims, found.user).includes(permission)) return fail(res, 403, "forbidden");
    res.locals.staff = found.user;
    res.locals.sessionId = found.claims.sessionId;
    res.set("Cache-Control", "private, no-store");
    next();
  };
}
