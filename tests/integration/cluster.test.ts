import { afterAll, beforeAll, expect, test } from "vitest";
import pg from "pg";
import admin from "../../locales/en/admin.json";
import { adminForm, ENGINE_PASSWORD, eventually, openContactForm, startCluster, type Cluster } from "../support/cluster";

/*
 * Two production instances behind a round-robin proxy, on a real PostgreSQL and Redis (ADR 039):
 * the short run `npm test` makes. The long one (50 leads, Redis and PostgreSQL stopped mid-run) is
 * `npm run test:cluster` (tests/cluster/cluster-full.test.ts).
 */

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ postsPerMinute: 10 });
}, 90_000);
afterAll(async () => {
  await cluster?.close();
});

test("a form accepted by one instance is refused when the same post is replayed to the other", async () => {
  const [a, b] = cluster.instances;
  const send = await openContactForm(a.url);
  const email = `replay-${Date.now()}@example.com`;
  const origin = cluster.proxy;
  expect((await send(email, { to: a.url, origin })).status).toBe(303);
  const replayed = await send(email, { to: b.url, origin });
  expect(replayed.status).toBe(403);
  expect(await replayed.text()).not.toContain("Internal Server Error");
});

test("the 11th post in a minute from one address is refused, whichever instance gets it", async () => {
  const statuses: number[] = [];
  const client = "198.51.100.77";
  for (let i = 0; i < 11; i++) {
    const res = await fetch(`${cluster.proxy}/en/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: cluster.proxy, "x-test-client": client },
      body: "name=x",
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  // Round robin: five or six of the first ten reached each instance, so neither counted ten alone.
  expect(statuses.slice(0, 10)).not.toContain(429);
  expect(statuses[10]).toBe(429);
});

test("a publish made through one instance shows on the other within 2 s", async () => {
  const [a, b] = cluster.instances;
  const faq = async () => {
    const res = await fetch(`${b.url}/en/faq`);
    return { hit: res.headers.get("x-page-cache") === "hit", html: await res.text() };
  };
  await faq();
  // The other instance keeps the page (and its content) it would otherwise show for up to ~95 s.
  expect((await faq()).hit).toBe(true);

  const { cookie } = await cluster.signIn(a);
  const editor = await adminForm(a, "/admin/content/faq/902", cookie);
  const changed = `Can I fly home the day after treatment? (${Date.now()})`;
  editor.form.set("texts.en.question", changed);
  editor.form.set("intent", "publish");
  editor.form.set("languages", "en");
  const published = await editor.send();
  expect(published.status).toBe(303);
  const at = Date.now();
  expect(await eventually(async () => (await faq()).html.includes(changed), 2_000, 100)).toBe(true);
  console.log(`cluster: publish on one instance shown on the other after ${Date.now() - at} ms`);

  // The session made on one instance opens the other's back office, whose delivery page names the shared queue.
  const delivery = await fetch(`${b.url}/admin/delivery`, { headers: { cookie } });
  expect(delivery.status).toBe(200);
  expect(await delivery.text()).toContain(admin.delivery.sharedQueue.split(":")[0]);
});

test("with the API down, leads posted through the proxy survive one instance killed and arrive exactly once", async () => {
  const [a] = cluster.instances;
  const prefix = `cluster-${Date.now()}-`;
  await cluster.stopApi();
  const sends = await Promise.all(Array.from({ length: 6 }, () => openContactForm(cluster.proxy)));
  const statuses = [];
  for (const [i, send] of sends.entries()) statuses.push((await send(`${prefix}${i}@example.com`, { client: `192.0.2.${i + 10}` })).status);
  expect(statuses).toEqual(Array(6).fill(303));
  // One instance dies with some of those leads stored through it, none delivered.
  await a.signal("SIGKILL");
  await cluster.startApi();
  const back = Date.now();
  expect(await eventually(() => cluster.leads(prefix).length === 6, 60_000, 500)).toBe(true);
  console.log(`cluster: 6 leads delivered by the survivor ${Date.now() - back} ms after the API came back`);
  // Retries keep their Idempotency-Key: give a duplicate time to show.
  await new Promise((r) => setTimeout(r, 1_500));
  const emails = cluster.leads(prefix).map((lead) => lead.email);
  expect(new Set(emails).size).toBe(6);
  expect(emails).toHaveLength(6);
}, 120_000);

test("both engines are reached over TLS, and no log line of either instance shows their password, which both URLs carry", async () => {
  // PostgreSQL: every connection of the instances to the cluster's database is encrypted (Redis listens only on TLS).
  const client = new pg.Client({ connectionString: cluster.database });
  await client.connect();
  const { rows } = await client.query<{ total: number; encrypted: number }>(
    "SELECT COUNT(*)::int AS total, COUNT(*) FILTER (WHERE s.ssl)::int AS encrypted FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.datname = 'cluster' AND a.pid <> pg_backend_pid()",
  );
  await client.end();
  expect(rows[0].total).toBeGreaterThan(0);
  expect(rows[0].encrypted).toBe(rows[0].total);
  for (const instance of cluster.instances) {
    const log = instance.output();
    expect(log).toMatch(/"database":"postgres:\/\/postgres:\*\*\*@127\.0\.0\.1/);
    expect(log).toMatch(/"redis":"rediss:\/\/:\*\*\*@127\.0\.0\.1/);
    expect(log).not.toContain(ENGINE_PASSWORD);
  }
});
