import { execFileSync } from "node:child_process";
import { afterAll, expect, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { openLeadForm } from "../../scripts/lead-form.mjs";

// A lead accepted from a visitor is never lost: not while the API is down, not when the site's
// process dies before delivering it. Real processes: `npm run backend` and the production server.
const SECRET = `outage-secret-${Math.random().toString(36).slice(2)}`;
const CLIENT_ID = "outage-site";
const running: Proc[] = [];
afterAll(() => Promise.all(running.map((p) => p.stop())));

async function startBackend(port: number, dataDir: string) {
  const proc = await startProcess(
    "backend/build/main.js",
    { BACKEND_PORT: String(port), BACKEND_CLIENT_ID: CLIENT_ID, BACKEND_CLIENT_SECRET: SECRET, DATA_DIR: dataDir },
    `http://127.0.0.1:${port}/connect/token`,
  );
  running.push(proc);
  return proc;
}

async function startSite(port: number, apiUrl: string, dataDir: string) {
  const proc = await startProcess(
    "build/server.js",
    {
      PORT: String(port),
      API_URL: apiUrl,
      CLIENT_ID,
      CLIENT_SECRET: SECRET,
      API_TIMEOUT_MS: "1500",
      DATA_DIR: dataDir,
      FORM_SECRET: "f".repeat(40),
      LOG_LEVEL: "warn",
      // The visitor here is a script that sends at once: the minimum fill time has its own test.
      FORM_MIN_FILL_SECONDS: "0",
    },
    `http://127.0.0.1:${port}/healthz`,
  );
  running.push(proc);
  return proc;
}

/** What `npm run leads` prints: the leads the provider's API has stored. */
function leadsWith(email: string, dataDir: string) {
  const out = execFileSync(process.execPath, ["backend/build/leads.js"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((l) => l.payload.email === email);
}

async function eventually(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return check();
}

/** A visitor opens the contact form (while the API is up) and later sends it. */
async function openContactForm(site: Proc) {
  const { cookie, hidden } = await openLeadForm(`${site.url}/en/contact`);
  return async (email: string) => {
    const body = new URLSearchParams({ ...hidden, name: "Outage Visitor", email, message: "Please call me about a hair transplant.", privacyConsent: "on" });
    return fetch(`${site.url}/en/contact`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    });
  };
}

test("with the API stopped the visitor still sees success, and the lead arrives exactly once when it is back", async () => {
  const [apiPort, sitePort] = [await freePort(), await freePort()];
  const apiData = tempDir("remed-outage-api-");
  let api = await startBackend(apiPort, apiData);
  const site = await startSite(sitePort, api.url, tempDir("remed-outage-site-"));
  const send = await openContactForm(site);

  const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" };
  // Its text is content (ADR 061): read once while the API answers, it is in the content cache.
  expect((await fetch(`${site.url}/tr/kvkk-aydinlatma-metni.txt`, { headers: browser })).status).toBe(200);

  await api.stop();
  // A document is served while the API is down: counting never holds it back (its count is lost, ADR 052),
  // and its text is the content cache's, served stale while the API does not answer.
  const document = await fetch(`${site.url}/tr/kvkk-aydinlatma-metni.txt`, { headers: browser });
  expect(document.status).toBe(200);
  expect(await document.text()).toMatch(/^KVKK Aydınlatma Metni\n/);
  const email = `outage-${Date.now()}@example.com`;
  const res = await send(email);
  expect(res.status).toBe(303);
  expect(res.headers.getSetCookie().join()).toContain("toast=");

  await new Promise((r) => setTimeout(r, 2_000));
  expect(leadsWith(email, apiData)).toHaveLength(0);
  api = await startBackend(apiPort, apiData);
  expect(await eventually(() => leadsWith(email, apiData).length > 0, 60_000)).toBe(true);
  // Retries keep their idempotency key: give any duplicate time to show up.
  await new Promise((r) => setTimeout(r, 3_000));
  expect(leadsWith(email, apiData)).toHaveLength(1);
}, 120_000);

test("a site process killed after accepting a lead but before delivering it delivers it exactly once after a restart", async () => {
  const [apiPort, sitePort] = [await freePort(), await freePort()];
  const apiData = tempDir("remed-kill-api-");
  const siteData = tempDir("remed-kill-site-");
  let api = await startBackend(apiPort, apiData);
  let site = await startSite(sitePort, api.url, siteData);
  const send = await openContactForm(site);

  // The API is unreachable, so the accepted lead can only be in the site's outbox when the process dies.
  await api.stop();
  const email = `killed-${Date.now()}@example.com`;
  expect((await send(email)).status).toBe(303);
  await site.signal("SIGKILL");

  api = await startBackend(apiPort, apiData);
  await new Promise((r) => setTimeout(r, 2_000));
  expect(leadsWith(email, apiData)).toHaveLength(0);
  site = await startSite(sitePort, api.url, siteData);
  expect(await eventually(() => leadsWith(email, apiData).length > 0, 60_000)).toBe(true);
  await new Promise((r) => setTimeout(r, 3_000));
  expect(leadsWith(email, apiData)).toHaveLength(1);
}, 120_000);
