import type { Role } from "../../app/lib/platform/api/admin-contract";
import type { BackendOptions } from "../../backend/index";
import { backendWithClient } from "./backend";

/** The first owner's address and the one password every test user shares. */
export const OWNER = { email: "owner@remed.test", password: "correct horse battery staple" };

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests assert the shapes
  body: any;
}

/**
 * The embedded backend with a first owner, a clock the test can move (`advance`), and plain HTTP
 * helpers: `call` sends the client-credentials token unless given another. scrypt costs 100-200 ms a
 * hash here, so test users are added straight to the table with the owner's hash (`addUsers`).
 */
export async function staffBackend(options: Partial<BackendOptions> = {}) {
  let offset = 0;
  let frozenAt: number | null = null;
  const clock = () => (frozenAt ?? Date.now()) + offset;
  const env = await backendWithClient({ admin: OWNER, now: clock, ...options });
  const db = env.backend.db;

  async function call(method: string, path: string, init: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const token = init.token === undefined ? await env.api.tokens.get() : init.token;
    const res = await fetch(`${env.backend.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const type = res.headers.get("content-type") ?? "";
    const body = type.includes("json") ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, body };
  }

  const login = (email: string, password = OWNER.password, clientIp?: string) =>
    call("POST", "/api/auth/login", { body: { email, password, ...(clientIp ? { clientIp } : {}) } });

  /** Signs in and returns the session (accessToken, refreshToken, user), failing the test otherwise. */
  async function signIn(email: string, password = OWNER.password) {
    const answer = await login(email, password);
    if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.result as { accessToken: string; refreshToken: string; expiresIn: number; user: { id: number; permissions: string[] } };
  }

  /**
   * A session to act as someone, kept and refreshed (no scrypt) rather than signed in again:
   * for tests about what a staff member may do, not about signing in.
   */
  const kept = new Map<string, Awaited<ReturnType<typeof signIn>>>();
  async function session(email: string) {
    const held = kept.get(email);
    const refreshed = held && (await call("POST", "/api/auth/refresh", { body: { refreshToken: held.refreshToken } }));
    const fresh = refreshed?.status === 200 ? (refreshed.body.result as Awaited<ReturnType<typeof signIn>>) : await signIn(email);
    kept.set(email, fresh);
    return fresh;
  }

  /** Users with the owner's password, without a scrypt each. Returns their ids by e-mail. */
  function addUsers(users: { email: string; role: Role; name?: string; disabled?: boolean }[]) {
    const hash = db.prepare("SELECT password_hash FROM users WHERE email = ?").pluck().get(OWNER.email) as string;
    const insert = db.prepare("INSERT INTO users (email, name, language, role, disabled, password_hash, created_at) VALUES (?, ?, 'en', ?, ?, ?, ?)");
    return Object.fromEntries(
      users.map((u) => [
        u.email,
        Number(insert.run(u.email, u.name ?? u.email.split("@")[0], u.role, u.disabled ? 1 : 0, hash, new Date().toISOString()).lastInsertRowid),
      ]),
    );
  }

  const audit = (action?: string) =>
    (
      db.prepare("SELECT * FROM audit ORDER BY id").all() as {
        id: number;
        actor_id: number | null;
        actor_email: string | null;
        action: string;
        target: string | null;
        detail: string | null;
      }[]
    ).filter((row) => !action || row.action === action);

  return {
    ...env,
    db,
    call,
    login,
    signIn,
    session,
    addUsers,
    audit,
    /** Moves the backend's clock (sessions, throttling, access tokens, lead stamps) forward. */
    advance(ms: number) {
      offset += ms;
    },
    /**
     * Stops the backend's clock (until `thaw`), so a check of "waits 2 s" does not depend on how
     * long the hashes before it took on a loaded machine; `advance` still moves it.
     */
    freeze() {
      frozenAt = Date.now();
    },
    thaw() {
      if (frozenAt !== null) offset -= Date.now() - frozenAt;
      frozenAt = null;
    },
    /** The backend's clock now. */
    now: clock,
  };
}
export type StaffBackend = Awaited<ReturnType<typeof staffBackend>>;
