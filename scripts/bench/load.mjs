// Load figures for npm run bench: autocannon against one URL, and the pairing with the bare Remix
// page that each of the site's figures is compared with.
import autocannon from "autocannon";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

export const loadSettings = { duration: DURATION, connections: CONNECTIONS };

export async function load(url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

/** Warms a URL (caches, JIT) before it is measured. */
export const warm = (url, headers = {}) => autocannon({ url, connections: 4, amount: 300, headers });

/**
 * The bare page measured right before the site's page, so a machine that slows down or speeds up
 * during the run moves both figures of a pair alike.
 */
export async function paired(bareUrl, url, headers) {
  const bare = await load(bareUrl);
  const site = await load(url, headers);
  return { ...site, bare, ratio: site.rps / bare.rps, p99Ratio: site.p99 / Math.max(bare.p99, 1) };
}
