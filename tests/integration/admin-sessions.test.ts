import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// Two site instances against one separate API, sharing FORM_SECRET and nothing else.
const CLIENT_SECRET = `integration-secret-${Math.random().toString(36).slice(2)}`;
const CLIENT_ID = "integration-site";
const FORM_SECRET = "f".repeat(16) + Math.random().toString(36).slice(2).padEnd(20, "x");
const OWNER = { email: "owner@sessions.test", password: "owner-password-1234", name: "Selin Owner" };
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

let backend: Proc;
let siteA: Proc;
let siteB: Proc;

async function startSite() {
  const port = await freePort();
  return startProcess(
    "build/server.js",
    // Behind a proxy on loopback: a test speaks for any client address with X-Forwarded-For.
    { PORT: String(port), API_URL: backend.url, CLIENT_ID, CLIENT_SECRET, FORM_SECRET, DATA_DIR: tempDir("remed-adm-"), LOG_LEVEL: "info", TRUST_PROXY: "loopback" },
    `http://127.0.0.1:${port}/healthz`,
  );
}

beforeAll(async () => {
  const backendPort = await freePort();
  backend = await startProcess(
    "backend/build/main.js",
    { BACKEND_PORT: String(backendPort), BACKEND_CLIENT_ID: CLIENT_ID, BACKEND_CLIENT_SECRET: CLIENT_SECRET, DATA_DIR: tempDir("remed-adm-be-") },
    `http://127.0.0.1:${backendPort}/connect/token`,
  );
  [siteA, siteB] = await Promise.all([startSite(), startSite()]);
  // The first owner, made the way ops would against an external API: `npm run admin`.
  await promisify(execFile)(process.execPath, ["build/admin.js", "create-user", "--email", OWNER.email, "--name", OWNER.name, "--role", "owner"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", API_URL: backend.url, CLIENT_ID, CLIENT_SECRET, ADMIN_PASSWORD: OWNER.password },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([siteA?.stop(), siteB?.stop(), backend?.stop()]);
});

/** The sign-in form's CSRF token and cookie, as a browser gets them. */
async function signInForm(site: Proc) {
  const res = await fetch(`${site.url}/admin/sign-in`);
  const html = await res.text();
  const token = html.match(/name="csrf" value="([^"]+)"/)![1];
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { token, cookie, html };
}

/** A sign-in through the form; `from` is the client address the proxy in front names (X-Forwarded-For). */
async function signIn(site: Proc, email: string, password: string, { origin = site.url, withToken = true, from }: { origin?: string; withToken?: boolean; from?: string } = {}) {
  const form = await signInForm(site);
  const body = new URLSearchParams({ email, password, ...(withToken ? { csrf: form.token } : {}) });
  const res = await fetch(`${site.url}/admin/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin, ...(from ? { "x-forwarded-for": from } : {}) },
    body,
  });
  return Object.assign(res, { formCookie: form.cookie });
}

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("admin_session="));

/** A signed-in owner's cookies (the session and the form token's), as the browser would send them. */
async function ownerCookie(site: Proc) {
  const res = await signIn(site, OWNER.email, OWNER.password);
  expect(res.status).toBe(303);
  return `${res.formCookie}; ${sessionCookie(res)!.split(";")[0]}`;
}

/** A back-office form posted as a browser would: the page's CSRF token, this site as the origin. */
async function postForm(site: Proc, path: string, cookie: string, fields: Record<string, string>) {
  const page = await (await fetch(`${site.url}${path}`, { headers: { cookie } })).text();
  const csrf = page.match(/name="csrf" value="([^"]+)"/)![1];
  return fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: site.url },
    body: new URLSearchParams({ ...fields, csrf }),
  });
}

/** The users page's row of one user, as HTML. */
async function userRow(site: Proc, cookie: string, email: string) {
  const html = await (await fetch(`${site.url}/admin/users`, { headers: { cookie } })).text();
  return (html.split("<tr").find((row) => row.includes(email)) ?? "").replaceAll("<!-- -->", "");
}

describe("staff sessions across instances", () => {
  test("signed in on one instance, working on the other; no token anywhere the browser or the logs see", async () => {
    const res = await signIn(siteA, OWNER.email, OWNER.password);
    expect(res.status).toBe(303);
    const setCookie = sessionCookie(res)!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(";")[0];
    expect(cookie).not.toMatch(JWT);

    const onB = await fetch(`${siteB.url}/admin`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(onB.headers.get("cache-control")).toBe("private, no-store");
    expect(onB.headers.get("x-robots-tag")).toMatch(/noindex/);
    const html = await onB.text();
    expect(html).toContain(OWNER.name);
    expect(html).not.toMatch(JWT);
    const data = await fetch(`${siteB.url}/admin.data`, { headers: { cookie } });
    expect(data.status).toBe(200);
    expect(await data.text()).not.toMatch(JWT);
    for (const site of [siteA, siteB]) expect(site.output()).not.toMatch(JWT);
  });

  test("without a session the back office sends to sign-in, and back to the same address after", async () => {
    const res = await fetch(`${siteA.url}/admin?x=1`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/sign-in?redirectTo=%2Fadmin%3Fx%3D1");
  });

  test("a sign-in without the form's token, or from another site, is refused", async () => {
    expect((await signIn(siteA, OWNER.email, OWNER.password, { withToken: false })).status).toBe(403);
    const crossSite = await signIn(siteA, OWNER.email, OWNER.password, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(sessionCookie(crossSite)).toBeUndefined();
  });

  test("an unknown e-mail gets the wrong password's words", async () => {
    const wrong = await (await signIn(siteA, OWNER.email, "not-the-password")).text();
    const unknown = await (await signIn(siteA, "nobody@sessions.test", "not-the-password")).text();
    const message = "The e-mail or the password is wrong.";
    expect(wrong).toContain(message);
    expect(unknown).toContain(message);
  });

  test("five wrong passwords from one address: the right one from another signs in after the 2 s stated; the owner sees and lifts the lock", async () => {
    const STRANGER = "203.0.113.7";
    const HOME = "198.51.100.9";
    const guessed = { email: "guessed@sessions.test", name: "Deniz Guessed", password: "guessed-password-1234" };
    const owner = await ownerCookie(siteB);
    const created = await postForm(siteB, "/admin/users", owner, { ...guessed, role: "coordinator", language: "en" });
    expect(created.status).toBe(303);

    for (let i = 0; i < 5; i++) expect((await signIn(siteA, guessed.email, `guess-number-${i}`, { from: STRANGER })).status).toBe(401);
    // The stranger's own address is held back, even with the right password (15 s, then doubling).
    const held = await signIn(siteA, guessed.email, guessed.password, { from: STRANGER });
    expect(held.status).toBe(429);
    expect(await held.text()).toMatch(/Too many failed sign-ins\. Wait 1\d seconds, then sign in again\./);
    expect(sessionCookie(held)).toBeUndefined();

    // The person at home is told the account's short wait (ADR 031: 2 s after five failures), then gets in.
    const told = await signIn(siteB, guessed.email, guessed.password, { from: HOME });
    expect(told.status).toBe(429);
    expect(told.headers.get("retry-after")).toBe("2");
    expect(await told.text()).toContain("Too many failed sign-ins. Wait 2 seconds, then sign in again.");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await signIn(siteB, guessed.email, guessed.password, { from: HOME });
    expect(after.status).toBe(303);
    expect(sessionCookie(after)).toBeDefined();

    // The owner sees who is being guessed at, from where, and lifts it.
    const row = await userRow(siteB, owner, guessed.email);
    expect(row).toContain("5 in the last hour");
    expect(row).toContain(`<code>${STRANGER}</code> 5 failures`);
    expect(row).toContain("held back until");
    expect(row).toContain(`aria-label="Lift the sign-in lock for ${guessed.name}"`);
    const id = row.match(/href="\/admin\/users\/(\d+)"/)![1];
    const lifted = await postForm(siteB, "/admin/users", owner, { intent: "unlock", id });
    expect(lifted.status).toBe(303);
    expect(lifted.headers.get("location")).toBe("/admin/users");
    expect(await userRow(siteB, owner, guessed.email)).toContain("None in the last hour");
    // Lifted for every address: the stranger's next guess is checked (and wrong) at once.
    expect((await signIn(siteA, guessed.email, "guess-number-6", { from: STRANGER })).status).toBe(401);

    const audit = await (await fetch(`${siteB.url}/admin/audit`, { headers: { cookie: owner } })).text();
    for (const words of ["Sign-in held back after failures", "Sign-in refused: had to wait", "Sign-in lock lifted", `from ${STRANGER}: wait`, `from ${HOME}: wait 2 s`]) {
      expect(audit).toContain(words);
    }
  });
});
