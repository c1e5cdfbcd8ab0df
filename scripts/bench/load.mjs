// Load figures for npm run bench: autocannon against one URL, and the pairing with the bare Remix
// page that each of the site's figures is compared with.
import autocannon from "autocannon";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/**
 * Each pair is measured in slices that take turns (bare, site, bare, site, …), not as two runs one
 * after the other: this shared machine's speed drifts within seconds (the bare page measured 973
 * and then 1,582 req/s in consecutive figures of one run), and a drift then moved one side only.
 */
const SLICES = Number(process.env.BENCH_SLICES ?? 3);

export const loadSettings = { duration: DURATION, connections: CONNECTIONS, slices: SLICES };

async function slice(url, headers, seconds) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { requests: result.requests.total, seconds, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Requests per second over all slices; p50 and p99 the median slice's. */
function combine(slices) {
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  return {
    rps: slices.reduce((n, s) => n + s.requests, 0) / seconds,
    p50: median(slices.map((s) => s.p50)),
    p99: median(slices.map((s) => s.p99)),
    failed: slices.reduce((n, s) => n + s.failed, 0),
  };
}

/** Warms a URL (caches, JIT) before it is measured. */
export const warm = (url, headers = {}) => autocannon({ url, connections: 4, amount: 300, headers });

/** The site's page against the bare page, about DURATION seconds each, in SLICES alternating slices. */
export async function paired(bareUrl, url, headers = {}) {
  const seconds = Math.max(1, Math.round(DURATION / SLICES));
  const bareSlices = [];
  const siteSlices = [];
  for (let i = 0; i < SLICES; i++) {
    bareSlices.push(await slice(bareUrl, {}, seconds));
    siteSlices.push(await slice(url, headers, seconds));
  }
  const bare = combine(bareSlices);
  const site = combine(siteSlices);
  return { ...site, bare, ratio: site.rps / bare.rps, p99Ratio: site.p99 / Math.max(bare.p99, 1) };
}
