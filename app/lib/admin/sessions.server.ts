import { hkdfSync } from "node:crypto";
import { serialize, parse } from "cookie";
import { EncryptJWT, jwtDecrypt } from "jose";
import { z } from "zod";
import { PermissionSchema, StaffLanguageSchema, type CurrentStaff, type Permission, type SessionTokens } from "~/lib/platform/api/admin-contract";
import type { StaffApi } from "~/lib/platform/api/staff-client.server";
import { cookieOptions } from "~/lib/platform/http/cookie-options";
import type { Logger } from "~/lib/platform/logger.server";

/**
 * Back-office sessions (docs/decisions/015-staff-sessions.md). The browser holds one httpOnly cookie
 * whose content it cannot read: the staff member's tokens, encrypted (A256GCM) with a key derived
 * from FORM_SECRET, so any instance that shares the secret can serve any request. The tokens
 * themselves are only ever used here and by the API client. The cookie says which session it is,
 * never whether it still counts: each request asks the identity API that.
 */
export const SESSION_COOKIE = "admin_session";

/** The Set-Cookie that ends a session in the browser (sign-out, a session the API stopped taking). */
export const clearedSessionCookie = (secure: boolean) => serialize(SESSION_COOKIE, "", { ...cookieOptions(secure), maxAge: 0 });

/**
 * A sign-in that passed its password and waits for its code: the API's opaque token for it,
 * encrypted like the session. It opens nothing but the code's page (ADR 047).
 */
export const PENDING_COOKIE = "admin_pending";

const SessionSchema = z.object({
  uid: z.number().int(),
  email: z.string(),
  name: z.string(),
  lang: StaffLanguageSchema,
  perms: z.array(PermissionSchema),
  /** The access token and when it expires (ms). */
  at: z.string(),
  atExp: z.number(),
  rt: z.string(),
  /** Sign-in time and last request (ms): the absolute and idle limits. */
  created: z.number(),
  seen: z.number(),
});
type Session = z.infer<typeof SessionSchema>;

/** Who is signed in, as loaders and actions see them. `token` is for the API client only, never for a page. */
export interface Staff {
  id: number;
  email: string;
  name: string;
  language: "en" | "tr";
  permissions: ReadonlySet<Permission>;
  token: string;
}

export interface StaffSessionOptions {
  secret: string;
  api: Pick<StaffApi, "signIn" | "signInCode" | "signInSetup" | "refresh" | "signOut" | "session">;
  idleMs: number;
  absoluteMs: number;
  secure: boolean;
  logger: Logger;
  now?: () => number;
}

/** Renew the access token this long before it expires, so a page's API calls never carry a dying one. */
const RENEW_EARLY_MS = 30_000;
/** Writing the cookie on every request would only move `seen` by seconds: once a minute is enough for idle. */
const SEEN_STEP_MS = 60_000;

export function createStaffSessions(options: StaffSessionOptions) {
  const now = options.now ?? Date.now;
  const key = new Uint8Array(hkdfSync("sha256", options.secret, "remed", "admin session cookie", 32));
  /**
   * One refresh per refresh token while it is under way: parallel requests of one page share it (the
   * API rotates the token once). Dropped once answered: a later request asks again, so an answer
   * from before a sign-out never lets a request after it in.
   */
  const refreshing = new Map<string, Promise<SessionTokens | null>>();

  const cookie = (value: string, maxAgeSeconds: number) => serialize(SESSION_COOKIE, value, { ...cookieOptions(options.secure), maxAge: maxAgeSeconds });
  const cleared = () => clearedSessionCookie(options.secure);
  const clearedPending = () => serialize(PENDING_COOKIE, "", { ...cookieOptions(options.secure), maxAge: 0 });

  async function seal(session: Session): Promise<string> {
    const value = await new EncryptJWT(session as unknown as Record<string, unknown>).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(key);
    // The cookie lives until the absolute limit; the idle limit is checked inside.
    return cookie(value, Math.max(1, Math.ceil((session.created + options.absoluteMs - now()) / 1000)));
  }

  async function open(value: string): Promise<Session | null> {
    try {
      const { payload } = await jwtDecrypt(value, key, { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] });
      const parsed = SessionSchema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function fromTokens(tokens: SessionTokens, created: number): Session {
    const t = now();
    return {
      uid: tokens.user.id,
      email: tokens.user.email,
      name: tokens.user.name,
      lang: tokens.user.language,
      perms: tokens.user.permissions,
      at: tokens.accessToken,
      atExp: t + tokens.expiresIn * 1000,
      rt: tokens.refreshToken,
      created,
      seen: t,
    };
  }

  const staffOf = (s: Session): Staff => ({ id: s.uid, email: s.email, name: s.name, language: s.lang, permissions: new Set(s.perms), token: s.at });

  function endQuietly(refreshToken: string) {
    options.api.signOut(refreshToken).catch((error: unknown) => {
      options.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "admin: could not revoke an ended session");
    });
  }

  /** New tokens for a refresh token, or null when the API refuses it; parallel requests of one page share the call. */
  function renew(refreshToken: string): Promise<SessionTokens | null> {
    let pending = refreshing.get(refreshToken);
    if (!pending) {
      pending = options.api.refresh(refreshToken).finally(() => refreshing.delete(refreshToken));
      refreshing.set(refreshToken, pending);
    }
    return pending;
  }

  /** The session as the API answered for it now: name, language and permissions from the answer, not the cookie. */
  const confirmed = (session: Session, user: CurrentStaff, t: number): Session => ({
    ...session,
    email: user.email,
    name: user.name,
    lang: user.language,
    perms: user.permissions,
    seen: t - session.seen >= SEEN_STEP_MS ? t : session.seen,
  });

  return {
    /**
     * The request's staff member as the identity API knows them now, and the cookie to answer with:
     * renewed tokens, a later `seen`, what changed (a new role, a new name), or the cookie cleared
     * when the session ended (idle, too old, signed out, revoked, the user disabled, unreadable).
     * Throws when the API cannot say (down, slow): the caller answers "unavailable", never a pass.
     */
    async read(cookieHeader: string | undefined): Promise<{ staff: Staff | null; setCookie?: string }> {
      const value = cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] : undefined;
      if (!value) return { staff: null };
      const session = await open(value);
      if (!session) return { staff: null, setCookie: cleared() };
      const t = now();
      if (t - session.created >= options.absoluteMs || t - session.seen >= options.idleMs) {
        endQuietly(session.rt);
        return { staff: null, setCookie: cleared() };
      }
      // A renewal's answer is the API's word on the user now; otherwise the API is asked. Not shared
      // between requests, nor kept: a sign-out, a disabling or a demotion counts from the next request.
      const renewing = session.atExp - RENEW_EARLY_MS <= t;
      const user = renewing ? null : await options.api.session(session.at);
      let current: Session;
      if (user && user.id === session.uid) current = confirmed(session, user, t);
      else {
        // Refused: signed out, revoked, or the user disabled; or only the token's time ran out by the
        // API's clock. A refresh tells which.
        const tokens = await renew(session.rt);
        if (!tokens) return { staff: null, setCookie: cleared() };
        current = fromTokens(tokens, session.created);
      }
      const changed = JSON.stringify(current) !== JSON.stringify(session);
      return { staff: staffOf(current), ...(changed ? { setCookie: await seal(current) } : {}) };
    },

    async signIn(email: string, password: string, clientIp?: string, userAgent?: string) {
      const result = await options.api.signIn(email, password, clientIp, userAgent);
      if (!result.ok && result.reason === "secondStep") {
        const value = await new EncryptJWT({ pending: result.pending, step: result.step }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(key);
        const setCookie = serialize(PENDING_COOKIE, value, { ...cookieOptions(options.secure), maxAge: result.expiresIn });
        return { ok: false as const, reason: "secondStep" as const, setCookie };
      }
      if (!result.ok) return result;
      const session = fromTokens(result.tokens, now());
      return { ok: true as const, staff: staffOf(session), setCookie: await seal(session) };
    },

    /** The sign-in the request carries that waits for its code, or for the two-factor setup its role requires. */
    async pending(cookieHeader: string | undefined): Promise<{ token: string; step: "code" | "enrol" } | null> {
      const value = cookieHeader ? parse(cookieHeader)[PENDING_COOKIE] : undefined;
      if (!value) return null;
      try {
        const { payload } = await jwtDecrypt(value, key, { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] });
        return typeof payload.pending === "string" ? { token: payload.pending, step: payload.step === "enrol" ? "enrol" : "code" } : null;
      } catch {
        return null;
      }
    },

    /** The secret to scan for a sign-in that must set up two factors first; null when it has ended. */
    setup: (pending: string) => options.api.signInSetup(pending),

    /** The second step: the session's cookie (and the pending one cleared), or why not. */
    async signInCode(pending: string, code: string, clientIp?: string) {
      const result = await options.api.signInCode(pending, code, clientIp);
      if (!result.ok) return result;
      const session = fromTokens(result.tokens, now());
      const recoveryCodes = result.tokens.recoveryCodes ?? null;
      return { ok: true as const, staff: staffOf(session), setCookie: await seal(session), clearPending: clearedPending(), recoveryCodes };
    },

    /** The Set-Cookie that drops a pending sign-in. */
    clearedPending: () => clearedPending(),

    /** Revokes the refresh token at the API and clears the cookie. */
    async signOut(cookieHeader: string | undefined): Promise<string> {
      const value = cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] : undefined;
      const session = value ? await open(value) : null;
      if (session) await options.api.signOut(session.rt);
      return cleared();
    },

    /** The Set-Cookie that drops a session the API stopped taking in the middle of a request (guard.server.ts). */
    ended: cleared,
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
