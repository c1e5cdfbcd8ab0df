import { existsSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createApiClient } from "~/lib/platform/api/client.server";
import { moveSqliteRows } from "~/lib/platform/outbox/move-sqlite-rows.server";
import { createOutbox, OutboxUnavailableError, type Lead } from "~/lib/platform/outbox/outbox.server";
import { postgresOutboxStore } from "~/lib/platform/outbox/postgres-store.server";
import { sqliteOutboxStore } from "~/lib/platform/outbox/sqlite-store.server";
import { CLIENT } from "../support/backend";
import { startPostgres } from "../../scripts/engines.mjs";
import { startFakeApi } from "../support/fake-api";
import { observers } from "../support/observers";
import { tempDir } from "../support/processes";

/*
 * The outbox over a real PostgreSQL (OUTBOX_DATABASE_URL, ADR 039): what the SQLite outbox's tests
 * show for one instance (app/lib/platform/outbox/outbox.server.test.ts), shown here for what only a
 * shared queue has: two instances on one table, a lease outliving its instance, the database down at
 * submit time, the schema made by two at once, and leads moved from an earlier SQLite outbox.
 */

let server: Awaited<ReturnType<typeof startPostgres>>;
let databases = 0;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
  await server.destroy();
});

const contact = (name: string): Lead => ({
  kind: "contactForm",
  payload: {
    projectId: 2,
    notificationSourceId: 3,
    languageCode: "en",
    formType: "contact",
    source: "website",
    name,
    email: "pg@example.org",
    message: "Hello",
    privacyConsent: true,
  },
});

async function instance(url: string, apiUrl: string, { dataDir = tempDir("remed-pgo-"), leaseMs = 10_000 }: { dataDir?: string; leaseMs?: number } = {}) {
  const observed = observers();
  const api = createApiClient({ apiUrl, identityUrl: apiUrl, ...CLIENT, timeoutMs: 1000, ...observed });
  const store = await postgresOutboxStore({ url, dataDir, leaseMs, afterSchema: moveSqliteRows(dataDir, observed.logger, observed.metrics), ...observed });
  const outbox = createOutbox({ store, api, baseDelayMs: 50, maxDelayMs: 200, ...observed });
  cleanups.push(async () => {
    await outbox.stop().catch(() => undefined);
    await api.close();
  });
  return { outbox, store, dataDir };
}

const waitFor = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

const database = () => server.database(`outbox_${++databases}`);

test("two instances on one queue deliver 20 leads, each posted once, whichever instance stored it", async () => {
  const url = await database();
  const api = await startFakeApi(() => 201);
  cleanups.push(api.close);
  const [a, b] = await Promise.all([instance(url, api.url), instance(url, api.url)]);
  const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).outbox.enqueue("en", contact(`Lead ${i}`))));
  a.outbox.start();
  b.outbox.start();
  await waitFor(async () => (await a.outbox.stats()).depth === 0);
  const posted = api.calls.map((call) => call.split(" ")[1]);
  expect(posted.sort()).toEqual([...ids].sort());
  expect((await b.outbox.status(ids[0]))?.status).toBe("delivered");
});

test("a lead leased by an instance that died is delivered by another once the lease ends, under the same Idempotency-Key", async () => {
  const url = await database();
  const api = await startFakeApi(() => 201);
  cleanups.push(api.close);
  const dead = await instance(url, api.url, { leaseMs: 1_500 });
  const id = await dead.outbox.enqueue("en", contact("Leased"));
  // The dying instance took the row (as its delivery loop would) and never came back.
  expect((await dead.store.claimDue(Date.now(), 20)).map((row) => row.id)).toEqual([id]);
  await dead.outbox.stop();
  const survivor = await instance(url, api.url);
  survivor.outbox.start();
  await survivor.outbox.flush();
  expect(api.calls).toEqual([]);
  await waitFor(async () => (await survivor.outbox.status(id))?.status === "delivered");
  expect(api.calls).toEqual([`/api/contactForm ${id}`]);
});

test("with PostgreSQL down a lead is refused (the visitor is asked to send again) and readiness fails; back up, both recover", async () => {
  const url = await database();
  const api = await startFakeApi(() => 201);
  cleanups.push(api.close);
  const { outbox } = await instance(url, api.url);
  await outbox.checkWritable();
  await server.stop();
  try {
    await expect(outbox.enqueue("en", contact("While down"))).rejects.toBeInstanceOf(OutboxUnavailableError);
    await expect(outbox.checkWritable()).rejects.toThrow();
  } finally {
    await server.start();
  }
  await waitFor(() =>
    outbox.checkWritable().then(
      () => true,
      () => false,
    ),
  );
  const id = await outbox.enqueue("en", contact("After"));
  await waitFor(async () => (await outbox.status(id))?.status === "delivered");
});

test("refused leads are listed, sent again and discarded, and rows past their retention deleted, in PostgreSQL too", async () => {
  const url = await database();
  let refuse = true;
  const api = await startFakeApi(() => (refuse ? 422 : 201));
  cleanups.push(api.close);
  const { outbox } = await instance(url, api.url);
  const kept = await outbox.enqueue("en", contact("Refused Kept"));
  const dropped = await outbox.enqueue("en", contact("Refused Dropped"));
  await waitFor(async () => (await outbox.rejectedLeads()).total === 2);
  expect((await outbox.refusedLead(kept))?.kind).toBe("contactForm");
  expect(await outbox.discard(dropped)).toBe(true);
  expect(await outbox.discard(dropped)).toBe(false);
  refuse = false;
  expect(await outbox.sendAgain(kept)).toBe(true);
  await waitFor(async () => (await outbox.status(kept))?.status === "delivered");
  // A delivered row keeps nothing the visitor typed (ADR 030): read from PostgreSQL itself.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query("SELECT payload, photo, photo_name, upload_id, last_error FROM outbox WHERE id = $1", [kept]);
  await client.end();
  expect(rows).toEqual([{ payload: "{}", photo: null, photo_name: null, upload_id: null, last_error: null }]);
  await outbox.purgeExpired(Date.now() + 31 * 86_400_000);
  expect(await outbox.status(kept)).toBeUndefined();
});

test("two instances making the schema at once both start; undelivered leads of an earlier SQLite outbox move into PostgreSQL once", async () => {
  const url = await database();
  const down = await startFakeApi(() => 503);
  cleanups.push(down.close);
  // An instance that ran on SQLite while the API was down: its leads wait in DATA_DIR.
  const dataDir = tempDir("remed-pgo-sqlite-");
  const observed = observers();
  const api = createApiClient({ apiUrl: down.url, identityUrl: down.url, ...CLIENT, timeoutMs: 1000, ...observed });
  const before = createOutbox({ store: sqliteOutboxStore(dataDir, observed.logger, observed.metrics), api, ...observed });
  const waiting = await Promise.all([before.enqueue("en", contact("Waited One")), before.enqueue("fr", contact("Waited Two"))]);
  await before.stop();
  await api.close();

  const up = await startFakeApi(() => 201);
  cleanups.push(up.close);
  const [first, second] = await Promise.all([instance(url, up.url, { dataDir }), instance(url, up.url, { dataDir: tempDir("remed-pgo-") })]);
  await Promise.all([first.outbox.checkWritable(), second.outbox.checkWritable()]);
  expect(existsSync(join(dataDir, "outbox.sqlite"))).toBe(false);
  first.outbox.start();
  await waitFor(async () => (await first.outbox.stats()).depth === 0);
  expect(up.calls.map((call) => call.split(" ")[1]).sort()).toEqual([...waiting].sort());
});

test("mail jobs on one queue: two instances making the same mail store it once; it is kept, listed, erased by its lead, and expires", async () => {
  const url = await database();
  const api = await startFakeApi(() => 201);
  cleanups.push(api.close);
  const [a, b] = await Promise.all([instance(url, api.url), instance(url, api.url)]);
  for (const { outbox } of [a, b]) {
    outbox.useJobs({ mail: async () => "kept", isMailRefused: () => false, leadAlert: async () => undefined, digest: async () => undefined });
  }
  const mail = (id: string) => ({ id, kind: "mail" as const, lang: "en", payload: { to: "coord@example.org", subject: "New lead" } });
  expect(await Promise.all([a.outbox.enqueueJob(mail("lead-alert:5:1")), b.outbox.enqueueJob(mail("lead-alert:5:1"))])).toEqual(
    expect.arrayContaining([true, false]),
  );
  await b.outbox.enqueueJob(mail("lead-alert:6:1"));
  await Promise.all([a.outbox.flush(), b.outbox.flush()]);
  const listed = await a.outbox.mail(10, 0);
  expect(listed.total).toBe(2);
  expect(listed.rows.map((r) => [r.id, r.status, r.attempts]).sort()).toEqual([
    ["lead-alert:5:1", "kept", 1],
    ["lead-alert:6:1", "kept", 1],
  ]);
  expect(await b.outbox.eraseMailAbout("lead-alert:5:")).toBe(1);
  expect(await a.outbox.mailOne("lead-alert:5:1")).toBeUndefined();
  await a.outbox.purgeExpired(Date.now() + 31 * 86_400_000);
  expect((await b.outbox.mail(10, 0)).total).toBe(0);

  // A bulletin's mail (ADR 057): one held to a later minute waits; counted per issue; unsubscribing erases an address's by its hash.
  await a.outbox.enqueueJob(mail("bulletin:7:aaaa"));
  await b.outbox.enqueueJob({ ...mail("bulletin:7:bbbb"), dueAt: Date.now() + 60_000 });
  await Promise.all([a.outbox.flush(), b.outbox.flush()]);
  expect(await a.outbox.mailCounts("bulletin:7:")).toEqual({ kept: 1, pending: 1 });
  expect(await b.outbox.eraseBulletinMail(":aaaa")).toBe(1);
  expect(await a.outbox.mailCounts("bulletin:7:")).toEqual({ pending: 1 });
  // Not yet due, so not yet waiting: the oldest-pending gauge does not count it.
  expect(await a.outbox.stats()).toEqual({ depth: 1, oldestAgeSeconds: 0 });
});
