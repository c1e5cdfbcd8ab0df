import type { NextFunction, Request, Response } from "express";
import type { Permission, Role } from "../../app/lib/api/admin-contract";
import { fail } from "../http";
import type { StaffServices } from "../staff-services";
import { can } from "./users";

/** The staff member a request was made by, set by requireStaff. */
export interface StaffCaller {
  id: number;
  email: string;
  name: string;
  role: Role;
}

export const callerOf = (res: Response) => res.locals.staff as StaffCaller;
export const actorOf = (res: Response) => ({ id: callerOf(res).id, email: callerOf(res).email });

/**
 * An admin endpoint's gate: a valid staff access token (401 otherwise, also when its user is gone
 * or disabled, or its session was signed out or revoked) that carries the permission, which the user's current role still grants (403).
 * A client-credentials token is no staff token: it is signed with another key.
 */
export function requireStaff(services: StaffServices, permission: Permission, onUnauthorized?: () => void) {
  const enabledUser = services.db.prepare("SELECT id, email, name, role FROM users WHERE id = ? AND disabled = 0");
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.get("authorization") ?? "";
    const claims = header.startsWith("Bearer ") ? await services.staffTokens.verify(header.slice(7)) : null;
    const user = claims ? (enabledUser.get(claims.userId) as StaffCaller | undefined) : undefined;
    // A signed-out or revoked session's token is refused at once, on every instance of the site.
    if (!claims || !user || !services.sessions.isLive(claims.sessionId)) {
      onUnauthorized?.();
      res.set("WWW-Authenticate", 'Bearer error="invalid_token"');
      return fail(res, 401, "A valid staff bearer token is required");
    }
    // The token's permissions, as far as the role still grants them: a demotion counts at once.
    if (!claims.perms.includes(permission) || !can(user.role, permission)) return fail(res, 403, "forbidden");
    res.locals.staff = user;
    res.set("Cache-Control", "private, no-store");
    next();
  };
}
