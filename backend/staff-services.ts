import { createAuditLog, type AuditLog } from "./audit";
import { createSessions, type Sessions } from "./auth/sessions";
import { createStaffTokens, type StaffTokens } from "./auth/staff-tokens";
import { createSignInThrottle, type SignInThrottle } from "./auth/throttle";
import { createTwoFactor, type TwoFactor } from "./auth/two-factor";
import { createUserStore, type UserStore } from "./auth/users";
import type { Clock } from "./clock";
import type { Db } from "./db";

export interface StaffOptions {
  /** Staff access tokens' life (ACCESS_TTL); 300 by default. */
  accessTtlSeconds: number;
  /** Refresh tokens' life; 43,200 (12 hours) by default. */
  refreshTtlSeconds: number;
  clock: Clock;
  /** The key two-factor secrets are wrapped with at rest (32 bytes); null: stored as they are (ADR 047). */
  secretKey: Buffer | null;
  /** Erasure's reach into the event store (ADR 055): the raw views of these visitor ids go. */
  forgetVisitors?: (visitorIds: readonly string[]) => void;
}

/** What the identity and admin routers share: one per backend. */
export function createStaffServices(db: Db, options: StaffOptions) {
  const audit: AuditLog = createAuditLog(db, options.clock);
  const users: UserStore = createUserStore(db, audit, options.clock);
  const sessions: Sessions = createSessions(db, { refreshTtlSeconds: options.refreshTtlSeconds, clock: options.clock });
  const throttle: SignInThrottle = createSignInThrottle(db, { clock: options.clock });
  const staffTokens: StaffTokens = createStaffTokens({ ttlSeconds: options.accessTtlSeconds, clock: options.clock });
  const twoFactor: TwoFactor = createTwoFactor(db, { clock: options.clock, key: options.secretKey });
  const forgetVisitors = options.forgetVisitors ?? (() => {});
  return { db, clock: options.clock, audit, users, sessions, throttle, staffTokens, twoFactor, forgetVisitors };
}
export type StaffServices = ReturnType<typeof createStaffServices>;
