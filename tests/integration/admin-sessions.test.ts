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
    { PORT: String(port), API_URL: backend.url, CLIENT_ID, CLIENT_SECRET, FORM_SECRET, DATA_DIR: tempDir("remed-adm-"), LOG_LEVEL: "info" },
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

async function signIn(site: Proc, email: string, password: string, { origin = site.url, withToken = true } = {}) {
  const form = await signInForm(site);
  const body = new URLSearchParams({ email, password, ...(withToken ? { csrf: form.token } : {}) });
  return fetch(`${site.url}/admin/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin },
    body,
  });
}

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("admin_session="));

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

  test("an unknown e-mail gets the wrong password's words; five failures lock the account, right password or not", async () => {
    const wrong = await (await signIn(siteA, OWNER.email, "not-the-password")).text();
    const unknown = await (await signIn(siteA, "nobody@sessions.test", "not-the-password")).text();
    const message = "The e-mail or the password is wrong.";
    expect(wrong).toContain(message);
    expect(unknown).toContain(message);
    for (let i = 0; i < 4; i++) await signIn(siteB, OWNER.email, "still-not-it-1234");
    const locked = await signIn(siteA, OWNER.email, OWNER.password);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Too many attempts. Try again in 15 minutes.");
    expect(sessionCookie(locked)).toBeUndefined();
  });
});
