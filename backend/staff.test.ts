import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { ListedUserSchema, ROLE_PERMISSIONS, SessionTokensSchema, StaffUserSchema } from "../app/lib/platform/api/admin-contract";
import { CLIENT } from "../tests/support/backend";
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";
import { createUser, resetPassword, startBackend } from "./index";

let env: StaffBackend;
let ids: Record<string, number>;
beforeAll(async () => {
  env = await staffBackend();
  ids = env.addUsers([
    { email: "coord@remed.test", role: "coordinator" },
    { email: "editor@remed.test", role: "editor" },
    { email: "viewer@remed.test", role: "viewer" },
    { email: "leaver@remed.test", role: "coordinator" },
    { email: "mover@remed.test", role: "viewer" },
    { email: "gone@remed.test", role: "viewer", disabled: true },
    { email: "guessed@remed.test", role: "coordinator" },
    { email: "lifted@remed.test", role: "editor" },
    { email: "renewed@remed.test", role: "viewer" },
  ]);
});
afterAll(() => env.close());

const MINUTE = 60_000;

/**
 * An address's first wait, 15 s from its fifth failure, counted from when that attempt began: the
 * password checks of a burst take real time (about a second here) before the next request asks.
 */
/** Five failures for an e-mail from one address, written straight in (the sign-in test makes them for real). */
function failuresFrom(email: string, address: string) {
  const insert = env.db.prepare("INSERT INTO sign_in_failures (email, address, at) VALUES (?, ?, ?)");
  for (let i = 0; i < 5; i++) insert.run(email, address, env.now());
}

function expectAbout15(header: string | null) {
  expect(Number(header)).toBeGreaterThanOrEqual(10);
  expect(Number(header)).toBeLessThanOrEqual(15);
}

describe("sign-in", () => {
  test("the right password gets an access token with the role's permissions and a refresh token", async () => {
    const answer = await env.login("  Owner@Remed.test ");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const session = SessionTokensSchema.parse(answer.body).result;
    expect(session.user).toMatchObject({ email: OWNER.email, role: "owner", name: "owner", language: "en", disabled: false });
    expect(session.user.permissions).toEqual([...ROLE_PERMISSIONS.owner]);
    expect(session.expiresIn).toBe(300);
    expect(session.refreshToken).toMatch(/^[\w-]{43}$/);
    const claims = decodeJwt(session.accessToken);
    expect(claims).toMatchObject({ iss: "remed-embedded-backend", aud: "staff", sub: String(session.user.id), email: OWNER.email });
    expect(claims.perms).toEqual([...ROLE_PERMISSIONS.owner]);
    expect(claims.exp! - claims.iat!).toBe(300);
    // Stored hashed, never as given.
    expect(env.db.prepare("SELECT COUNT(*) FROM refresh_tokens WHERE token_hash = ?").pluck().get(session.refreshToken)).toBe(0);
    const hash = env.db.prepare("SELECT password_hash FROM users WHERE email = ?").pluck().get(OWNER.email);
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(env.audit("sign-in").at(-1)).toMatchObject({ actor_email: OWNER.email, target: `user:${session.user.id}` });
  });

  test("a wrong password, an unknown e-mail and a disabled user get the same 401", async () => {
    const [wrong, unknown, disabled] = await Promise.all([
      env.login("viewer@remed.test", "not the password at all", "198.51.100.1"),
      env.login("nobody@remed.test", OWNER.password, "198.51.100.1"),
      env.login("gone@remed.test", OWNER.password, "198.51.100.1"),
    ]);
    for (const answer of [wrong, unknown, disabled]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ hasError: true, errors: [{ message: "invalid_credentials" }] });
    }
    const failed = env.audit("sign-in-failed");
    expect(failed.find((r) => r.detail?.startsWith("unknown e-mail"))).toMatchObject({ actor_id: null, actor_email: null, target: null });
    expect(failed.find((r) => r.detail?.startsWith("wrong password"))).toMatchObject({ actor_id: ids["viewer@remed.test"] });
    expect(failed.find((r) => r.detail?.startsWith("disabled user"))).toMatchObject({ actor_id: ids["gone@remed.test"] });
    // Never a password in the log.
    expect(JSON.stringify(env.audit())).not.toContain("not the password");
    expect(JSON.stringify(env.audit())).not.toContain(OWNER.password);
  });

  test("five failures from one address hold that address back; another waits 2 s, then signs in; the log has every step", async () => {
    const email = "guessed@remed.test";
    env.freeze();
    onTestFinished(() => env.thaw());
    const failures = await Promise.all(Array.from({ length: 5 }, (_, i) => env.login(email, `wrong password ${i}`, "203.0.113.5")));
    expect(failures.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    // The stranger's address: refused even with the right password, for 15 s (then 30 s, 1 min…).
    const stranger = await env.login(email, OWNER.password, "203.0.113.5");
    expect(stranger.status).toBe(429);
    expect(stranger.body).toEqual({ hasError: true, errors: [{ message: "locked" }] });
    expectAbout15(stranger.headers.get("retry-after"));
    // The owner of the address elsewhere: told to wait 2 s, then let in.
    const first = await env.login(email, OWNER.password, "198.51.100.20");
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("2");
    env.advance(2_000);
    expect((await env.login(email, OWNER.password, "198.51.100.20")).status).toBe(200);

    const log = env.audit().filter((r) => r.target === `user:${ids[email]}` && r.action.startsWith("sign-in"));
    // The five wrong passwords run at once: the lock is noted when the fifth failure is counted, and
    // another's failure may be written after it, so the first six are compared as a set.
    expect(
      log
        .slice(0, 6)
        .map((r) => r.action)
        .sort(),
    ).toEqual(["sign-in-failed", "sign-in-failed", "sign-in-failed", "sign-in-failed", "sign-in-failed", "sign-in-locked"]);
    expect(log.slice(6).map((r) => r.action)).toEqual(["sign-in-refused", "sign-in-refused", "sign-in"]);
    expect(log.find((r) => r.action === "sign-in-locked")?.detail).toBe(
      "203.0.113.5 waits 15 s after this for this e-mail (5 failures from it in the hour); a new address waits 2 s for this e-mail (5 failures in the hour)",
    );
    // The stranger's own failures hold it (and, within 2 s of its last, the e-mail's count too).
    expect(log[6].detail).toMatch(
      /^from 203\.0\.113\.5: wait 1\d s \(this address's failures for this e-mail(; this e-mail's failures from every address)?\)$/,
    );
    expect(log[7].detail).toBe("from 198.51.100.20: wait 2 s (this e-mail's failures from every address)");
    expect(JSON.stringify(log)).not.toContain("wrong password 1");
  });

  test("the owner sees a user's failed sign-ins by address and lifts the lock; audited", async () => {
    const email = "lifted@remed.test";
    failuresFrom(email, "203.0.113.6");
    const owner = await env.session(OWNER.email);
    const listed = await env.call("GET", "/api/admin/users", { token: owner.accessToken });
    const editor = listed.body.result.data.find((u: { email: string }) => u.email === email);
    expect(ListedUserSchema.parse(editor).signIn).toEqual({
      failures: 5,
      lastFailureAt: expect.any(String),
      newAddressDelaySeconds: 2,
      knownAddressesOnlyUntil: null,
      addresses: [{ address: "203.0.113.6", failures: 5, lastAt: expect.any(String), heldUntil: expect.any(String) }],
      addressCount: 1,
    });
    const coordinator = await env.session("coord@remed.test");
    const path = `/api/admin/users/${ids[email]}/sign-in-failures`;
    expect((await env.call("DELETE", path, { token: coordinator.accessToken })).status).toBe(403);
    expect((await env.call("DELETE", "/api/admin/users/9999/sign-in-failures", { token: owner.accessToken })).status).toBe(404);
    expect((await env.call("DELETE", path, { token: owner.accessToken })).status).toBe(204);
    expect(env.audit("sign-in-unlocked").at(-1)).toMatchObject({
      actor_email: OWNER.email,
      target: `user:${ids[email]}`,
      detail: "5 failed sign-ins from 1 address forgotten (lock lifted)",
    });
    // Every address may try at once, the stranger's too.
    const after = await env.call("GET", "/api/admin/users", { token: owner.accessToken });
    expect(after.body.result.data.find((u: { email: string }) => u.email === email).signIn).toMatchObject({ failures: 0, addresses: [] });
    expect((await env.login(email, OWNER.password, "203.0.113.6")).status).toBe(200);
  });

  test("a new password lifts the lock, set by an owner or reset by the ops API", async () => {
    const email = "renewed@remed.test";
    const owner = await env.session(OWNER.email);
    const lock = () => failuresFrom(email, "203.0.113.8");
    lock();
    const set = await env.call("PATCH", `/api/admin/users/${ids[email]}`, { token: owner.accessToken, body: { password: OWNER.password } });
    expect(set.status).toBe(200);
    expect(env.audit("sign-in-unlocked").at(-1)).toMatchObject({
      actor_email: OWNER.email,
      detail: "5 failed sign-ins from 1 address forgotten (password changed)",
    });
    lock();
    const reset = await env.call("POST", "/api/auth/ops/reset-password", { body: { email, password: OWNER.password } });
    expect(reset.status).toBe(204);
    expect(env.audit("sign-in-unlocked").at(-1)).toMatchObject({
      actor_id: null,
      detail: "5 failed sign-ins from 1 address forgotten (password reset (ops API))",
    });
    expect((await env.login(email, OWNER.password, "203.0.113.8")).status).toBe(200);
  });

  test("an unknown e-mail is held back the same way, with the same answers, and not written down", async () => {
    const email = "ghost@remed.test";
    const failures = await Promise.all(Array.from({ length: 5 }, () => env.login(email, "whatever it may be", "192.0.2.50")));
    expect(failures.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    const held = await env.login(email.toUpperCase(), "whatever it may be", "192.0.2.50");
    expect(held.status).toBe(429);
    expect(held.body).toEqual({ hasError: true, errors: [{ message: "locked" }] });
    expectAbout15(held.headers.get("retry-after"));
    expect(env.audit("sign-in-refused").at(-1)).toMatchObject({ actor_id: null, target: null, detail: expect.stringContaining("from 192.0.2.50") });
    expect(JSON.stringify(env.audit())).not.toContain(email);
  });

  test("an address with 30 failures in the hour waits 15 s whatever the e-mail; another address is not concerned", async () => {
    // 29 failures recorded straight away (a scrypt each would cost seconds), the 30th a real one.
    const insert = env.db.prepare("INSERT INTO sign_in_failures (email, address, at) VALUES (?, ?, ?)");
    for (let i = 0; i < 29; i++) insert.run(`sprayed${i}@remed.test`, "192.0.2.77", env.now() - 5 * MINUTE);
    const thirtieth = await env.login("viewer@remed.test", "wrong again, thirtieth", "192.0.2.77");
    expect(thirtieth.status).toBe(401);
    const refused = await env.login("editor@remed.test", OWNER.password, "192.0.2.77");
    expect(refused.status).toBe(429);
    expectAbout15(refused.headers.get("retry-after"));
    expect((await env.login("editor@remed.test", OWNER.password, "192.0.2.78")).status).toBe(200);
  });
});

describe("refresh and sign-out", () => {
  const refresh = (refreshToken: string) => env.call("POST", "/api/auth/refresh", { body: { refreshToken } });

  test("a refresh rotates; a rotated token within 10 s gets a pair of the same family, after that it revokes the family", async () => {
    const session = await env.signIn("viewer@remed.test");
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    const second = SessionTokensSchema.parse(first.body).result;
    expect(second.refreshToken).not.toBe(session.refreshToken);
    expect(second.user.email).toBe("viewer@remed.test");
    expect(decodeJwt(second.accessToken).perms).toEqual([...ROLE_PERMISSIONS.viewer]);

    // Another site instance refreshing with the same token at once: a fresh pair, same family.
    env.advance(5_000);
    const sibling = await refresh(session.refreshToken);
    expect(sibling.status).toBe(200);
    expect(sibling.body.result.refreshToken).not.toBe(second.refreshToken);
    const families = env.db.prepare("SELECT COUNT(DISTINCT family) FROM refresh_tokens WHERE user_id = ?").pluck().get(session.user.id);
    expect(families).toBe(1);

    // Reuse after the grace: the family is revoked, every token of it refused.
    env.advance(6_000);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.errors[0].message).toBe("invalid_refresh_token");
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect((await refresh(sibling.body.result.refreshToken)).status).toBe(401);
    expect(env.audit("session.reuse").at(-1)).toMatchObject({ target: `user:${session.user.id}` });
  });

  test("sign-out revokes the family, and the session's access token at once; audited", async () => {
    const session = await env.signIn("editor@remed.test");
    expect((await env.call("GET", "/api/admin/stats", { token: session.accessToken })).status).toBe(200);
    const out = await env.call("POST", "/api/auth/logout", { body: { refreshToken: session.refreshToken } });
    expect(out.status).toBe(204);
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await env.call("GET", "/api/admin/stats", { token: session.accessToken })).status).toBe(401);
    expect(env.audit("sign-out").at(-1)).toMatchObject({ actor_id: ids["editor@remed.test"] });
  });

  test("a disabled user can neither refresh nor use the access token they hold", async () => {
    const [owner, leaver] = await Promise.all([env.session(OWNER.email), env.signIn("leaver@remed.test")]);
    expect((await env.call("GET", "/api/admin/leads", { token: leaver.accessToken })).status).toBe(200);
    const disable = await env.call("PATCH", `/api/admin/users/${leaver.user.id}`, { token: owner.accessToken, body: { disabled: true } });
    expect(disable.status).toBe(200);
    expect(disable.body.result.disabled).toBe(true);
    expect((await refresh(leaver.refreshToken)).status).toBe(401);
    expect((await env.call("GET", "/api/admin/leads", { token: leaver.accessToken })).status).toBe(401);
    expect(env.audit("user.update").at(-1)).toMatchObject({ actor_email: OWNER.email, target: `user:${leaver.user.id}`, detail: "disabled" });
  });

  test("a changed password ends the user's sessions; the new one signs in, the old one no more", async () => {
    const [owner, mover] = await Promise.all([env.session(OWNER.email), env.signIn("mover@remed.test")]);
    const newPassword = "a brand new passphrase";
    const change = await env.call("PATCH", `/api/admin/users/${mover.user.id}`, { token: owner.accessToken, body: { password: newPassword } });
    expect(change.status).toBe(200);
    expect((await refresh(mover.refreshToken)).status).toBe(401);
    const [old, fresh] = await Promise.all([env.login("mover@remed.test"), env.login("mover@remed.test", newPassword)]);
    expect(old.status).toBe(401);
    expect(fresh.status).toBe(200);
    expect(env.audit("user.password").at(-1)).toMatchObject({ actor_email: OWNER.email, target: `user:${mover.user.id}` });
    expect(JSON.stringify(env.audit())).not.toContain(newPassword);
  });
});

describe("admin endpoints take a staff token with the permission", () => {
  test("the client token, no token or a forged one: 401; a staff token is no client token either", async () => {
    for (const path of ["/api/admin/leads", "/api/admin/users", "/api/admin/settings", "/api/admin/stats", "/api/admin/audit"]) {
      const withClient = await env.call("GET", path);
      expect(withClient.status, path).toBe(401);
      expect((await env.call("GET", path, { token: null })).status, path).toBe(401);
    }
    // The public site's job-photo upload lives under admin/ too, and still takes the client token
    // (refused here for its body, not for its token).
    const upload = await env.call("POST", "/api/admin/multimedia/image", { body: {} });
    expect(upload.status).toBe(400);
    expect(upload.body.errors[0].message).toBe("A multipart body is required");
    const viewer = await env.session("viewer@remed.test");
    expect((await env.call("POST", "/api/admin/multimedia/image", { token: viewer.accessToken, body: {} })).status).toBe(401);
    expect((await env.call("GET", "/api/treatment", { token: viewer.accessToken })).status).toBe(401);
    expect((await env.call("POST", "/api/auth/ops/users", { token: viewer.accessToken, body: {} })).status).toBe(401);
    const [header, payload] = viewer.accessToken.split(".");
    expect((await env.call("GET", "/api/admin/leads", { token: `${header}.${payload}.${"A".repeat(43)}` })).status).toBe(401);
  });

  test("a valid token without the permission: 403 forbidden", async () => {
    const [editor, coordinator, viewer] = await Promise.all([
      env.session("editor@remed.test"),
      env.session("coord@remed.test"),
      env.session("viewer@remed.test"),
    ]);
    const forbidden = { hasError: true, errors: [{ message: "forbidden" }] };
    const editorLeads = await env.call("GET", "/api/admin/leads", { token: editor.accessToken });
    expect(editorLeads.status).toBe(403);
    expect(editorLeads.body).toEqual(forbidden);
    expect((await env.call("GET", "/api/admin/stats", { token: editor.accessToken })).status).toBe(200);
    expect((await env.call("GET", "/api/admin/users", { token: coordinator.accessToken })).status).toBe(403);
    expect((await env.call("GET", "/api/admin/settings", { token: coordinator.accessToken })).status).toBe(403);
    expect((await env.call("GET", "/api/admin/audit", { token: coordinator.accessToken })).status).toBe(403);
    expect((await env.call("GET", "/api/admin/leads", { token: coordinator.accessToken })).status).toBe(200);
    expect((await env.call("PATCH", "/api/admin/leads/1", { token: viewer.accessToken, body: { status: "won" } })).status).toBe(403);
    expect((await env.call("DELETE", "/api/admin/leads/1", { token: viewer.accessToken })).status).toBe(403);
    expect((await env.call("PUT", "/api/admin/settings", { token: viewer.accessToken, body: {} })).status).toBe(403);
  });

  test("an access token expires after ACCESS_TTL; a demotion counts at once", async () => {
    const [owner, coordinator] = await Promise.all([env.session(OWNER.email), env.session("coord@remed.test")]);
    const demote = await env.call("PATCH", `/api/admin/users/${coordinator.user.id}`, { token: owner.accessToken, body: { role: "viewer" } });
    expect(demote.status).toBe(200);
    expect((await env.call("GET", "/api/admin/leads/export", { token: coordinator.accessToken })).status).toBe(403);
    expect((await env.call("GET", "/api/admin/leads", { token: coordinator.accessToken })).status).toBe(200);
    await env.call("PATCH", `/api/admin/users/${coordinator.user.id}`, { token: owner.accessToken, body: { role: "coordinator" } });
    env.advance(301_000);
    expect((await env.call("GET", "/api/admin/users", { token: owner.accessToken })).status).toBe(401);
  });
});

describe("users", () => {
  test("an owner lists and creates users; a taken e-mail is 409; the last owner stays", async () => {
    const owner = await env.session(OWNER.email);
    const listed = await env.call("GET", "/api/admin/users", { token: owner.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body.result.data.map((u: unknown) => StaffUserSchema.parse(u).email)).toContain("viewer@remed.test");
    expect(JSON.stringify(listed.body)).not.toContain("scrypt");

    const user = { email: "New.Person@Remed.test", name: "Ayşe Yıldız", language: "tr", role: "coordinator", password: "twelve chars ok" };
    const created = await env.call("POST", "/api/admin/users", { token: owner.accessToken, body: user });
    expect(created.status).toBe(201);
    expect(created.body.result).toEqual({
      id: expect.any(Number),
      email: "new.person@remed.test",
      name: "Ayşe Yıldız",
      language: "tr",
      role: "coordinator",
      notificationAdmin: false,
      disabled: false,
    });
    expect(env.audit("user.create").at(-1)).toMatchObject({ actor_email: OWNER.email, target: `user:${created.body.result.id}` });
    const again = await env.call("POST", "/api/admin/users", { token: owner.accessToken, body: { ...user, email: "new.person@remed.test" } });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe("email_taken");
    const short = await env.call("POST", "/api/admin/users", { token: owner.accessToken, body: { ...user, email: "x@remed.test", password: "short" } });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toBe("password");

    const demoteSelf = await env.call("PATCH", `/api/admin/users/${owner.user.id}`, { token: owner.accessToken, body: { role: "viewer" } });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.errors[0].message).toBe("last_owner");
    const disableSelf = await env.call("PATCH", `/api/admin/users/${owner.user.id}`, { token: owner.accessToken, body: { disabled: true } });
    expect(disableSelf.body.errors[0].message).toBe("last_owner");
    expect((await env.call("PATCH", "/api/admin/users/9999", { token: owner.accessToken, body: { name: "X" } })).status).toBe(404);

    // With a second enabled owner the first may step down.
    const promote = await env.call("PATCH", `/api/admin/users/${created.body.result.id}`, { token: owner.accessToken, body: { role: "owner" } });
    expect(promote.body.result.role).toBe("owner");
    expect(env.audit("user.update").at(-1)!.detail).toBe("role coordinator → owner");
    const back = await env.call("PATCH", `/api/admin/users/${created.body.result.id}`, { token: owner.accessToken, body: { role: "coordinator" } });
    expect(back.status).toBe(200);
  });

  test("the operations endpoints (client token) create a user and reset a password", async () => {
    const created = await env.call("POST", "/api/auth/ops/users", {
      body: { email: "ops@remed.test", name: "Ops", language: "en", role: "viewer", password: "ops password 1" },
    });
    expect(created.status).toBe(201);
    expect(StaffUserSchema.parse(created.body.result).email).toBe("ops@remed.test");
    const session = await env.signIn("ops@remed.test", "ops password 1");
    const reset = await env.call("POST", "/api/auth/ops/reset-password", { body: { email: "ops@remed.test", password: "ops password 2" } });
    expect(reset.status).toBe(204);
    expect((await env.call("POST", "/api/auth/refresh", { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    expect((await env.call("POST", "/api/auth/ops/reset-password", { body: { email: "none@remed.test", password: "ops password 2" } })).status).toBe(404);
    expect(env.audit("user.password").at(-1)).toMatchObject({ actor_id: null, detail: expect.stringContaining("ops API") });
  });
});

describe("the first owner and the CLI's functions", () => {
  test("a first owner only on an empty users table; a short password stops the start", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "remed-owner-"));
    await expect(startBackend({ dataDir, ...CLIENT, admin: { email: "boss@remed.test", password: "too short" } })).rejects.toThrow(/12/);
    const backend = await startBackend({ dataDir, ...CLIENT, admin: { email: "Boss@remed.test", password: OWNER.password, name: " Ayşe Demir " } });
    const users = () => backend.db.prepare("SELECT email, name, role, language FROM users").all();
    // Named as ADMIN_NAME says (the name colleagues see in the assignee list), not after the e-mail.
    expect(users()).toEqual([{ email: "boss@remed.test", name: "Ayşe Demir", role: "owner", language: "en" }]);
    const made = await createUser(backend.db, { email: "cli@remed.test", name: "Cli", language: "tr", role: "viewer", password: "cli password 1" });
    expect(made).toMatchObject({ email: "cli@remed.test", role: "viewer" });
    await expect(createUser(backend.db, { email: "cli@remed.test", name: "Cli", language: "tr", role: "viewer", password: "cli password 1" })).rejects.toThrow(
      "email_taken",
    );
    await resetPassword(backend.db, "boss@remed.test", "another owner password");
    await expect(resetPassword(backend.db, "nobody@remed.test", "another owner password")).rejects.toThrow("not_found");
    const audit = backend.db.prepare("SELECT actor_id, action, detail FROM audit ORDER BY id").all();
    expect(audit).toEqual([
      { actor_id: null, action: "user.create", detail: "boss@remed.test as owner (start-up)" },
      { actor_id: null, action: "user.create", detail: "cli@remed.test as viewer (cli)" },
      { actor_id: null, action: "user.password", detail: "password reset; sessions ended (cli)" },
    ]);
    await backend.close();
    // A restart with another admin makes nobody new.
    const again = await startBackend({ dataDir, ...CLIENT, admin: { email: "other@remed.test", password: OWNER.password } });
    expect(again.db.prepare("SELECT COUNT(*) FROM users").pluck().get()).toBe(2);
    await again.close();
  });
});

describe("last, since it moves the clock 12 hours on", () => {
  test("an unknown or expired refresh token is refused", async () => {
    const refresh = (refreshToken: string) => env.call("POST", "/api/auth/refresh", { body: { refreshToken } });
    expect((await refresh("A".repeat(43))).status).toBe(401);
    const session = await env.session("editor@remed.test");
    env.advance(12 * 60 * MINUTE - MINUTE);
    const fresh = await refresh(session.refreshToken);
    expect(fresh.status).toBe(200);
    env.advance(12 * 60 * MINUTE + MINUTE);
    expect((await refresh(fresh.body.result.refreshToken)).status).toBe(401);
  });
});
