import client from "prom-client";

/**
 * Prometheus metrics. prom-client's default registry is shared by server.ts and the Remix build
 * (both import it from node_modules); `remix dev` re-imports the build, so each metric is made once.
 */
function once<T>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

declare global {
  var __defaultMetrics: boolean | undefined;
}
if (!globalThis.__defaultMetrics) {
  globalThis.__defaultMetrics = true;
  client.collectDefaultMetrics();
}

export const httpRequestDuration = once(
  "http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route (page name from the route table).",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

export const upstreamRequests = once(
  "upstream_requests_total",
  () =>
    new client.Counter({
      name: "upstream_requests_total",
      help: "Calls to the provider's API, by endpoint.",
      labelNames: ["endpoint"] as const,
    }),
);

export const upstreamFailures = once(
  "upstream_failures_total",
  () =>
    new client.Counter({
      name: "upstream_failures_total",
      help: "Calls to the provider's API that failed, by endpoint and reason (network, timeout, status, contract, token).",
      labelNames: ["endpoint", "reason"] as const,
    }),
);

export const outboxCorruptFiles = once(
  "outbox_corrupt_files_total",
  () => new client.Counter({ name: "outbox_corrupt_files_total", help: "Outbox database files found unusable at start-up and moved aside." }),
);

export const outboxWriteFailures = once(
  "outbox_write_failures_total",
  () => new client.Counter({ name: "outbox_write_failures_total", help: "Outbox writes that failed (full disk, read-only or damaged file)." }),
);

export const tokenRenewals = once(
  "api_token_renewals_total",
  () => new client.Counter({ name: "api_token_renewals_total", help: "Access tokens fetched from the identity server." }),
);

interface OutboxStats {
  depth: number;
  oldestAgeSeconds: number;
}
declare global {
  var __outboxStats: (() => OutboxStats) | undefined;
}
const outboxStats = () => globalThis.__outboxStats?.();

/** The outbox registers itself; the gauges read it at scrape time. */
export function observeOutbox(stats: () => OutboxStats) {
  globalThis.__outboxStats = stats;
}

once(
  "outbox_pending_leads",
  () =>
    new client.Gauge({
      name: "outbox_pending_leads",
      help: "Leads accepted from visitors and not yet delivered to the API.",
      collect() {
        this.set(outboxStats()?.depth ?? 0);
      },
    }),
);

once(
  "outbox_oldest_pending_age_seconds",
  () =>
    new client.Gauge({
      name: "outbox_oldest_pending_age_seconds",
      help: "Age of the oldest lead still waiting for delivery (0 when none waits).",
      collect() {
        this.set(outboxStats()?.oldestAgeSeconds ?? 0);
      },
    }),
);

export const metricsRegistry = client.register;
