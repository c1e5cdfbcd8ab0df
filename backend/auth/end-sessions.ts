import type { Actor } from "../audit";
import type { StaffServices } from "../staff-services";
import { revokeUserSessions } from "./sessions";

/**
 * "Sign out everywhere": every session of the user ends at the API, so every instance of the site
 * refuses its cookie on the next request (ADR 015). Returns how many were live.
 */
export function endAllSessions(services: StaffServices, userId: number, actor: Actor): number {
  const { db, sessions, audit } = services;
  return db.transaction(() => {
    const count = sessions.live(userId).length;
    revokeUserSessions(db, userId);
    audit.record({ actor, action: "session.end-all", target: `user:${userId}`, detail: `${count} session(s) ended`, facts: { sessions: count } });
    return count;
  })();
}
