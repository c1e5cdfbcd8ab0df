import { describe, expect, test, vi } from "vitest";
import type { CurrentStaff, SessionTokens } from "~/lib/platform/api/admin-contract";
import { createStaffSessions, SESSION_COOKIE } from "~/lib/admin/sessions.server";
import { createLogger } from "~/lib/platform/logger.server";

const MINUTE = 60_000;

function tokens(n: number, permissions: SessionTokens["user"]["permissions"] = ["read:lead"]): SessionTokens {
  return {
    accessToken: `access-${n}`,
    expiresIn: 300,
    refreshToken: `refresh-${n}`,
    user: { id: 7, email: "ayse@clinic.test", name: "Ayşe", language: "tr", role: "coordinator", notificationAdmin: false, disabled: false, permissions },
  };
}

function setup() {
  let clock = 1_000_000;
  let issued = 0;
  const api = {
    signIn: vi.fn(async (email: string, password: string) =>
      password === "right-password" ? { ok: true as const, tokens: tokens(++issued) } : { ok: false as const, reason: "invalid" as const },
    ),
    refresh: vi.fn(async (_rt: string): Promise<SessionTokens | null> => tokens(++issued, ["read:lead", "write:lead"])),
    signOut: vi.fn(async () => undefined),
    signInCode: vi.fn(async () => ({ ok: false as const, reason: "expired" as const })),
    signInSetup: vi.fn(async () => null),
    /** The API's word on the user now: what a role change or a revocation would alter. */
    session: vi.fn(async (_at: string): Promise<CurrentStaff | null> => ({ ...tokens(0).user, permissions: ["read:lead"] })),
  };
  const sessions = createStaffSessions({
    secret: "a-secret-of-thirty-two-characters!!",
    api,
    idleMs: 30 * MINUTE,
    absoluteMs: 12 * 60 * MINUTE,
    secure: true,
    logger: createLogger(undefined, "silent"),
    now: () => clock,
  });
  const cookieOf = (setCookie: string) => setCookie.split(";")[0];
  return { api, sessions, cookieOf, advance: (ms: number) => (clock += ms) };
}

describe("staff sessions", () => {
  test("a sign-in gives an httpOnly, Secure, SameSite=Lax cookie that holds no readable token", async () => {
    const { sessions } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    expect(result.setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(result.setCookie).toMatch(/HttpOnly/);
    expect(result.setCookie).toMatch(/Secure/);
    expect(result.setCookie).toMatch(/SameSite=Lax/);
    expect(result.setCookie).not.toContain("access-1");
    expect(result.setCookie).not.toContain("refresh-1");
    expect(result.setCookie).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(result.staff).toMatchObject({ id: 7, name: "Ayşe", language: "tr", token: "access-1" });
  });

  test("a wrong password is the API's answer, with no cookie", async () => {
    const { sessions } = setup();
    expect(await sessions.signIn("ayse@clinic.test", "wrong")).toEqual({ ok: false, reason: "invalid" });
  });

  test("another secret cannot read the cookie, and a tampered one is cleared", async () => {
    const { sessions, cookieOf } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    const tampered = cookieOf(result.setCookie).slice(0, -4) + "AAAA";
    const read = await sessions.read(tampered);
    expect(read.staff).toBeNull();
    expect(read.setCookie).toMatch(/Max-Age=0/);
  });

  test("30 idle minutes end the session, and the refresh token is revoked", async () => {
    const { sessions, cookieOf, advance, api } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    advance(29 * MINUTE);
    const still = await sessions.read(cookieOf(result.setCookie));
    expect(still.staff?.name).toBe("Ayşe");
    // Each request moves "last seen": 29 more minutes are fine after that request's cookie.
    advance(29 * MINUTE);
    const later = await sessions.read(cookieOf(still.setCookie!));
    expect(later.staff).not.toBeNull();
    advance(31 * MINUTE);
    const ended = await sessions.read(cookieOf(later.setCookie!));
    expect(ended.staff).toBeNull();
    expect(api.signOut).toHaveBeenCalled();
  });

  test("12 hours after sign-in the session ends, however busy", async () => {
    const { sessions, cookieOf, advance } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    let cookie = cookieOf(result.setCookie);
    for (let hour = 0; hour < 12; hour++) {
      for (let step = 0; step < 3; step++) {
        advance(20 * MINUTE);
        const read = await sessions.read(cookie);
        if (read.setCookie) cookie = cookieOf(read.setCookie);
        if (hour === 11 && step === 2) expect(read.staff).toBeNull();
        else expect(read.staff, `hour ${hour}`).not.toBeNull();
      }
    }
  });

  test("an expiring access token is renewed once for parallel requests, with the permissions the API gives now", async () => {
    const { sessions, cookieOf, advance, api } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    advance(4.6 * MINUTE);
    const cookie = cookieOf(result.setCookie);
    // The API takes a moment, as over the network: both requests arrive while it renews.
    api.refresh.mockImplementationOnce(() => new Promise((resolve) => setTimeout(() => resolve(tokens(2, ["read:lead", "write:lead"])), 20)));
    const [a, b] = await Promise.all([sessions.read(cookie), sessions.read(cookie)]);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(a.staff?.token).toBe("access-2");
    expect(b.staff?.token).toBe("access-2");
    expect([...a.staff!.permissions]).toEqual(["read:lead", "write:lead"]);
  });

  test("a renewal's answer is not kept: the old cookie sent after a sign-out elsewhere is refused", async () => {
    const { sessions, cookieOf, advance, api } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    advance(4.6 * MINUTE);
    const old = cookieOf(result.setCookie);
    expect((await sessions.read(old)).staff).not.toBeNull();
    api.refresh.mockResolvedValueOnce(null);
    expect((await sessions.read(old)).staff).toBeNull();
  });

  test("a refresh the API refuses (user disabled, password changed) ends the session", async () => {
    const { sessions, cookieOf, advance, api } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    api.refresh.mockResolvedValueOnce(null);
    advance(5 * MINUTE);
    const read = await sessions.read(cookieOf(result.setCookie));
    expect(read.staff).toBeNull();
    expect(read.setCookie).toMatch(/Max-Age=0/);
  });

  test("every request is confirmed with the API: a demotion counts at once, a revocation ends the session", async () => {
    const { sessions, cookieOf, api } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    const cookie = cookieOf(result.setCookie);
    api.session.mockResolvedValueOnce({ ...tokens(0).user, name: "Ayşe D.", permissions: [] });
    const demoted = await sessions.read(cookie);
    expect(api.session).toHaveBeenLastCalledWith("access-1");
    expect(demoted.staff).toMatchObject({ name: "Ayşe D.", permissions: new Set() });
    // Revoked (signed out elsewhere, disabled): the refresh the API then refuses too ends it.
    api.session.mockResolvedValueOnce(null);
    api.refresh.mockResolvedValueOnce(null);
    const ended = await sessions.read(cookie);
    expect(ended.staff).toBeNull();
    expect(ended.setCookie).toMatch(/Max-Age=0/);
  });

  test("an identity API that cannot answer is an error, never a pass", async () => {
    const { sessions, cookieOf, api } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    api.session.mockRejectedValueOnce(new Error("connect ECONNREFUSED"));
    await expect(sessions.read(cookieOf(result.setCookie))).rejects.toThrow("ECONNREFUSED");
  });

  test("sign-out revokes the refresh token at the API and clears the cookie", async () => {
    const { sessions, cookieOf, api } = setup();
    const result = await sessions.signIn("ayse@clinic.test", "right-password");
    if (!result.ok) throw new Error("expected a session");
    const cleared = await sessions.signOut(cookieOf(result.setCookie));
    expect(api.signOut).toHaveBeenCalledWith("refresh-1");
    expect(cleared).toMatch(/Max-Age=0/);
  });
});
