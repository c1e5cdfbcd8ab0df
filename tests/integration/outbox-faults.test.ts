import { execFileSync } from "node:child_process";
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, expect, test } from "vitest";
import { openDb } from "../../backend/db";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { openLeadForm } from "../../scripts/lead-form.mjs";

// The outbox when its disk fails: full, or a damaged file at start-up. Real processes: the backend
// (`npm run backend`, its data on the normal disk) and the production server, whose DATA_DIR is a
// small tmpfs that the test fills up. Mounting needs root, which the machines running the suite are.
const SECRET = `faults-secret-${Math.random().toString(36).slice(2)}`;
const CLIENT_ID = "faults-site";
const METRICS_TOKEN = "faults-metrics-token-0123456789";
const running: Proc[] = [];
const mounts: string[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  for (const dir of mounts) execFileSync("umount", ["-l", dir]);
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startBackend(port: number, dataDir: string) {
  const proc = await startProcess(
    "backend/build/main.js",
    { BACKEND_PORT: String(port), BACKEND_CLIENT_ID: CLIENT_ID, BACKEND_CLIENT_SECRET: SECRET, DATA_DIR: dataDir },
    `http://127.0.0.1:${port}/connect/token`,
  );
  running.push(proc);
  return proc;
}

async function startSite(port: number, env: Record<string, string>) {
  const proc = await startProcess(
    "build/server.js",
    { PORT: String(port), FORM_SECRET: "f".repeat(40), FORM_MIN_FILL_SECONDS: "0", METRICS_TOKEN, LOG_LEVEL: "warn", API_TIMEOUT_MS: "1500", ...env },
    `http://127.0.0.1:${port}/healthz`,
  );
  running.push(proc);
  return proc;
}

function storedLeads(dataDir: string) {
  const out = execFileSync(process.execPath, ["backend/build/leads.js"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l).payload.email as string);
}

/** A visitor's contact form; each send uses a freshly opened form, as a visitor's next try would. */
function contactForm(site: Proc) {
  return async (email: string) => {
    const { cookie, hidden } = await openLeadForm(`${site.url}/en/contact`);
    const body = new URLSearchParams({ ...hidden, name: "Disk Visitor", email, message: "Please call me about dental implants.", privacyConsent: "on" });
    return fetch(`${site.url}/en/contact`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    });
  };
}

/** The site's own count of delivery attempts (POST contactForm to the API) and of failed outbox writes. */
async function counters(site: Proc) {
  const text = await (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return { attempts: value(/^upstream_requests_total\{endpoint="contactForm"\} (\d+)/m), writeFailures: value(/^outbox_write_failures_total (\d+)/m) };
}

/** Writes until the filesystem says it is full. */
function fill(dir: string) {
  const fd = openSync(join(dir, "filler"), "w");
  const block = Buffer.alloc(256 * 1024, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

test("a full disk: the visitor keeps what they typed, /readyz says 503, retries stay on their backoff, and every accepted lead arrives once space is back", async () => {
  const [apiPort, sitePort] = [await freePort(), await freePort()];
  const apiData = tempDir("remed-disk-api-");
  let api = await startBackend(apiPort, apiData);
  const disk = tempDir("remed-disk-site-");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", disk]);
  } catch (error) {
    throw new Error(`This test mounts a small tmpfs as the site's DATA_DIR and needs root: ${(error as Error).message}`);
  }
  mounts.push(disk);
  const site = await startSite(sitePort, { API_URL: api.url, CLIENT_ID, CLIENT_SECRET: SECRET, DATA_DIR: disk });
  const send = contactForm(site);

  // Two leads accepted while the API is down: they wait in the outbox.
  await api.stop();
  const accepted = [`disk-a-${Date.now()}@example.com`, `disk-b-${Date.now()}@example.com`];
  for (const email of accepted) expect((await send(email)).status).toBe(303);

  fill(disk);
  const refused = await send(`disk-c-${Date.now()}@example.com`);
  expect(refused.status).toBe(503);
  const page = await refused.text();
  expect(page).toContain("We could not save your request just now. Nothing you typed is lost");
  expect(page).toContain("Please call me about dental implants.");
  expect(page).toContain('value="Disk Visitor"');
  expect((await fetch(`${site.url}/readyz`)).status).toBe(503);

  // The API is back, but the disk cannot record a delivery: the outbox must not loop on it.
  api = await startBackend(apiPort, apiData);
  const before = await counters(site);
  // A window long enough for the backoff to show (2, 4, 8, 16 s: about four attempts), where a retry
  // loop would make thousands.
  await sleep(20_000);
  const after = await counters(site);
  console.log(`full disk: ${after.attempts - before.attempts} delivery attempts in 20 s, ${after.writeFailures} failed outbox writes`);
  expect(after.attempts - before.attempts).toBeLessThan(10);
  expect(after.writeFailures).toBeGreaterThan(0);
  expect((await fetch(`${site.url}/readyz`)).status).toBe(503);

  rmSync(join(disk, "filler"));
  const deadline = Date.now() + 60_000;
  let stored = storedLeads(apiData);
  while (accepted.some((e) => !stored.includes(e)) && Date.now() < deadline) {
    await sleep(1_000);
    stored = storedLeads(apiData);
  }
  for (const email of accepted)
    expect(
      stored.filter((e) => e === email),
      email,
    ).toHaveLength(1);
  expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
  expect((await send(`disk-d-${Date.now()}@example.com`)).status).toBe(303);
}, 240_000);

test("a damaged outbox.sqlite: the site starts, serves pages and takes leads; the damaged file is kept aside", async () => {
  const dataDir = tempDir("remed-corrupt-");
  const damaged = randomBytes(128 * 1024);
  writeFileSync(join(dataDir, "outbox.sqlite"), damaged);
  const site = await startSite(await freePort(), { DATA_DIR: dataDir });
  expect((await fetch(`${site.url}/en`)).status).toBe(200);
  expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
  const email = `corrupt-${Date.now()}@example.com`;
  expect((await contactForm(site)(email)).status).toBe(303);
  const deadline = Date.now() + 20_000;
  while (!storedLeads(dataDir).includes(email) && Date.now() < deadline) await sleep(300);
  expect(storedLeads(dataDir)).toContain(email);
  expect(readdirSync(dataDir).filter((name) => name.startsWith("outbox.sqlite.corrupt-"))).toHaveLength(1);
  expect(site.output()).toContain("unusable database moved aside");
}, 60_000);

test("a damaged backend.sqlite: the site refuses to start with one line, so it is never reported ready, and the file is left as it was", async () => {
  const dataDir = tempDir("remed-damaged-backend-");
  // A backend database whose leads table's page is garbage, the rest intact: content still reads.
  const db = openDb(dataDir);
  const insert = db.prepare("INSERT INTO leads (kind, received_at, payload) VALUES ('contactForm', ?, ?)");
  for (let i = 0; i < 3; i++) insert.run(new Date().toISOString(), JSON.stringify({ name: `Lead ${i}`, email: `lead-${i}@example.com` }));
  const page = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'leads'").pluck().get() as number;
  const pageSize = db.pragma("page_size", { simple: true }) as number;
  db.close();
  const file = join(dataDir, "backend.sqlite");
  const fd = openSync(file, "r+");
  writeSync(fd, randomBytes(pageSize), 0, pageSize, (page - 1) * pageSize);
  closeSync(fd);
  const damaged = readFileSync(file);

  const error = await startSite(await freePort(), { DATA_DIR: dataDir }).then(
    async (site) => `started, and /readyz answered ${(await fetch(`${site.url}/readyz`)).status}`,
    (e: Error) => e.message,
  );
  const output = error.replace(/^build\/server\.js exited 1: /, "").trim();
  expect(error).toMatch(/^build\/server\.js exited 1: /);
  expect(output.split("\n")).toHaveLength(1);
  expect(output.startsWith(`${file} is damaged (quick_check: Tree `)).toBe(true);
  expect(output).toMatch(
    /\)\. It holds the leads, so it is not replaced: restore it from a backup \(or recover what it holds with "sqlite3 backend\.sqlite \.recover"\), then start again\.$/,
  );
  expect(readFileSync(file).equals(damaged)).toBe(true);
  expect(readdirSync(dataDir).filter((name) => name.includes("corrupt"))).toEqual([]);
}, 60_000);
