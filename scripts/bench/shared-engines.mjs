// Figures of issue #40 for npm run bench: what the shared engines cost (ADR 039). Leads accepted per
// second with the outbox in PostgreSQL against the SQLite outbox, and first-time visitors' req/s with
// the rate limits counted in Redis against counted in the process. Each pair is measured in slices
// taking turns, as the other load figures are (load.mjs).
import { startPostgres, startRedis } from "../engines.mjs";
import { openLeadForm } from "../lead-form.mjs";
import { paired, warm } from "./load.mjs";

const LEADS_PER_SLICE = Number(process.env.BENCH_LEADS ?? 300);
const SLICES = 3;
const CONCURRENCY = 8;

/** Posts `count` filled forms, CONCURRENCY at a time; answers accepted leads per second (303s). */
async function acceptRate(base, count) {
  const forms = await Promise.all(Array.from({ length: count }, () => openLeadForm(`${base}/en/contact`)));
  let next = 0;
  let accepted = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < forms.length) {
        const { cookie, hidden } = forms[next++];
        const res = await fetch(`${base}/en/contact`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...hidden, name: "Bench Visitor", email: `bench-${next}@example.com`, message: "A bench lead.", privacyConsent: "on" }),
        });
        await res.arrayBuffer();
        if (res.status === 303) accepted += 1;
      }
    }),
  );
  return { accepted, seconds: (performance.now() - started) / 1000 };
}

/**
 * Starts PostgreSQL (fsync on, as shipped: SQLite's outbox syncs every lead too) and Redis, and three
 * sites: as by default, with the outbox in PostgreSQL, and with Redis. `start(env)` starts a site.
 */
export async function sharedEngineFigures(start) {
  const [postgres, redis] = await Promise.all([startPostgres({ durable: true }), startRedis()]);
  const secret = { FORM_SECRET: "bench-form-secret-0123456789abcdef-0123" };
  const sites = [];
  try {
    // First-time visitors on home first, before any lead is posted: the outboxes deliver in the
    // background, and that work must not fall into either side's slices.
    const plain = await start({});
    const withRedis = await start({ ...secret, REDIS_URL: redis.url });
    sites.push(plain, withRedis);
    await warm(`${plain.url}/en`);
    await warm(`${withRedis.url}/en`);
    // The rate limit counted in Redis (one round trip per request) or in the process.
    const home = await paired(`${plain.url}/en`, `${withRedis.url}/en`);
    withRedis.child.kill("SIGTERM");

    const withPostgres = await start({ ...secret, OUTBOX_DATABASE_URL: await postgres.database("bench") });
    sites.push(withPostgres);
    // Leads: warm both (phone rules, JIT, the schema), then slices taking turns.
    await acceptRate(plain.url, 30);
    await acceptRate(withPostgres.url, 30);
    const totals = { sqlite: { accepted: 0, seconds: 0 }, postgres: { accepted: 0, seconds: 0 } };
    for (let i = 0; i < SLICES; i++) {
      for (const [name, site] of [
        ["sqlite", plain],
        ["postgres", withPostgres],
      ]) {
        const slice = await acceptRate(site.url, LEADS_PER_SLICE);
        totals[name].accepted += slice.accepted;
        totals[name].seconds += slice.seconds;
      }
    }
    const rate = (t) => t.accepted / t.seconds;
    const leads = { sqlite: rate(totals.sqlite), postgres: rate(totals.postgres), sent: SLICES * LEADS_PER_SLICE };
    leads.ratio = leads.postgres / leads.sqlite;
    leads.allAccepted = totals.sqlite.accepted === leads.sent && totals.postgres.accepted === leads.sent;
    return { leads, home };
  } finally {
    for (const site of sites) site.child.kill("SIGTERM");
    await redis.stop();
    await postgres.destroy();
  }
}
