import { hkdfSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { z } from "zod";
import { EmailSchema, PasswordSchema, type StaffUser, type UserCreateSchema } from "../app/lib/platform/api/admin-contract";
import { createBackendApp, type BackendStats } from "./app";
import { createAuditLog } from "./audit";
import { createUserStore } from "./auth/users";
import { systemClock, type Clock } from "./clock";
import { openDb, type Db } from "./db";
import { openAnalyticsStore, type AnalyticsLimits } from "./analytics/store";
import { scheduleOrphanPhotos } from "./orphan-photos";
import { cleanStoredPhotos, type PhotoCleaning } from "./photo-cleaning";
import { seed } from "./seed";
import { createStaffServices } from "./staff-services";
import { createTokenIssuer } from "./token";

export { openDb, type Db } from "./db";
/** For the bench (scripts/bench/analytics.mjs): a million page views stored as the API stores a batch, without HTTP. */
export { openAnalyticsStore } from "./analytics/store";
/** For the same bench: a million browser error reports and downloads stored as the API stores each. */
export { createBrowserErrorStore } from "./analytics/browser-error-store";
export { createDownloadCounter } from "./analytics/downloads";
export { UserError } from "./auth/users";

export interface BackendOptions {
  dataDir: string;
  clientId: string;
  clientSecret: string;
  tokenTtlSeconds?: number;
  port?: number;
  host?: string;
  /** Staff access tokens' life in seconds (ACCESS_TTL); 300. */
  accessTtlSeconds?: number;
  /** Refresh tokens' life in seconds; 43,200 (12 hours). */
  refreshTtlSeconds?: number;
  /** The staff side's time (sessions, throttling, audit, lead stamps); tests move it. */
  now?: Clock;
  /** The first owner, made only when there is no user at all (the password: at least 12 characters). */
  /** The first owner; `name` as colleagues see it (assignee lists, versions), else the e-mail's local part. */
  admin?: { email: string; password: string; name?: string };
  /**
   * A secret (32+ characters) the two-factor secrets are wrapped with at rest, so a copy of the
   * database alone does not reveal them; without it they are stored as they are (ADR 047).
   */
  secretKey?: string;
  /** First-party analytics' global daily cap and raw-event retention (ADR 050); 200,000 a day and 13 months. */
  analytics?: Partial<AnalyticsLimits>;
}

export interface RunningBackend {
  url: string;
  stats: BackendStats;
  db: Db;
  /** What the start-up step did to photos stored before uploads were re-encoded (all 0 once they are). */
  photoCleaning: PhotoCleaning;
  close(): Promise<void>;
}

/** The embedded API: SQLite in dataDir, migrated and seeded, served on 127.0.0.1 by default. */
export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  if (options.admin && !EmailSchema.safeParse(options.admin.email).success) {
    throw new Error("The first owner's e-mail (admin.email) is not an e-mail address");
  }
  if (options.admin && !PasswordSchema.safeParse(options.admin.password).success) {
    throw new Error("The first owner's password (admin.password) must have 12 to 200 characters");
  }
  const db = openDb(options.dataDir);
  let analytics: ReturnType<typeof openAnalyticsStore> | null = null;
  try {
    const clock = options.now ?? systemClock;
    analytics = openAnalyticsStore(options.dataDir, { maxEventsPerDay: 200_000, retentionMonths: 13, ...options.analytics }, clock);
    seed(db, undefined, clock);
    const staff = createStaffServices(db, {
      accessTtlSeconds: options.accessTtlSeconds ?? 300,
      refreshTtlSeconds: options.refreshTtlSeconds ?? 43_200,
      clock,
      secretKey: options.secretKey ? Buffer.from(hkdfSync("sha256", options.secretKey, "remed", "two-factor secrets", 32)) : null,
      forgetVisitors: analytics.forgetVisitors,
    });
    if (options.admin && staff.users.isEmpty()) {
      const email = options.admin.email.trim();
      await staff.users.create(
        { email, name: options.admin.name?.trim() || email.split("@")[0], language: "en", role: "owner", password: options.admin.password },
        null,
        "start-up",
      );
    }
    // Before the first answer: no photo stored before uploads were re-encoded is ever served as it was.
    const photoCleaning = await cleanStoredPhotos(db);
    const stats: BackendStats = { tokenRequests: 0, apiRequests: 0, unauthorized: 0 };
    const tokens = createTokenIssuer({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      ttlSeconds: options.tokenTtlSeconds ?? 3600,
    });
    const server: Server = createServer(
      createBackendApp({ db, tokens, stats, staff, analytics, analyticsRetentionMonths: options.analytics?.retentionMonths }),
    );
    server.keepAliveTimeout = 65_000;
    const host = options.host ?? "127.0.0.1";
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, resolve);
    });
    const { port } = server.address() as AddressInfo;
    const stopOrphanPhotos = scheduleOrphanPhotos(db, clock);
    return {
      url: `http://${host}:${port}`,
      stats,
      db,
      photoCleaning,
      close: () =>
        new Promise((resolve) => {
          stopOrphanPhotos();
          server.closeAllConnections();
          server.close(() => {
            analytics?.close();
            db.close();
            resolve();
          });
        }),
    };
  } catch (error) {
    analytics?.close();
    db.close();
    throw error;
  }
}

const cliUsers = (db: Db) => createUserStore(db, createAuditLog(db), systemClock);

/** `npm run admin -- create-user` on the embedded backend's database; audited with no actor, "cli". Throws UserError("email_taken"). */
export function createUser(db: Db, user: z.input<typeof UserCreateSchema>): Promise<StaffUser> {
  return cliUsers(db).create(user, null, "cli");
}

/** `npm run admin -- reset-password`: a new password, every session of the user ended. Throws UserError("not_found"). */
export function resetPassword(db: Db, email: string, password: string): Promise<StaffUser> {
  return cliUsers(db).resetPassword(email, password, null, "cli");
}
