import client from "prom-client";

interface OutboxStats {
  depth: number;
  oldestAgeSeconds: number;
}

/**
 * Prometheus metrics in a registry of their own, made once by server.ts (createServices) and handed
 * to what records them: the API client, the outbox, the request timer and /metrics. `processMetrics`
 * adds Node's own (heap, event loop lag), which start sampling, so only the server asks for them.
 */
export function createMetrics({ processMetrics = false }: { processMetrics?: boolean } = {}) {
  const registry = new client.Registry();
  if (processMetrics) client.collectDefaultMetrics({ register: registry });
  const registers = [registry];

  let outboxStats: (() => Promise<OutboxStats>) | null = null;
  const gauge = (name: string, help: string, read: (stats: OutboxStats) => number) =>
    new client.Gauge({
      name,
      help,
      registers,
      // A store that cannot answer (PostgreSQL down) leaves the last value: the outbox's own errors are counted apart.
      async collect() {
        if (!outboxStats) return this.set(0);
        const stats = await outboxStats().catch(() => null);
        if (stats) this.set(read(stats));
      },
    });
  gauge("outbox_pending_leads", "Leads accepted from visitors and not yet delivered to the API.", (s) => s.depth);
  gauge("outbox_oldest_pending_age_seconds", "Age of the oldest lead still waiting for delivery (0 when none waits).", (s) => s.oldestAgeSeconds);

  return {
    registry,
    httpRequestDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route (page name from the route table).",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    upstreamRequests: new client.Counter({
      name: "upstream_requests_total",
      help: "Calls to the provider's API, by endpoint.",
      labelNames: ["endpoint"] as const,
      registers,
    }),
    upstreamFailures: new client.Counter({
      name: "upstream_failures_total",
      help: "Calls to the provider's API that failed, by endpoint and reason (network, timeout, status, contract, token).",
      labelNames: ["endpoint", "reason"] as const,
      registers,
    }),
    outboxCorruptFiles: new client.Counter({
      name: "outbox_corrupt_files_total",
      help: "Outbox database files found unusable at start-up and moved aside.",
      registers,
    }),
    outboxWriteFailures: new client.Counter({
      name: "outbox_write_failures_total",
      help: "Outbox writes that failed (full disk, read-only or damaged file, PostgreSQL down).",
      registers,
    }),
    sharedFallbacks: new client.Counter({
      name: "shared_state_fallbacks_total",
      help: "Times Redis could not answer and this process decided alone (rate limit, form stamp) or could not tell the others (a change).",
      labelNames: ["use"] as const,
      registers,
    }),
    tokenRenewals: new client.Counter({ name: "api_token_renewals_total", help: "Access tokens fetched from the identity server.", registers }),
    analyticsEvents: new client.Counter({
      name: "analytics_events_total",
      help: "First-party page views by what became of them: queued, stored, refused by the API's daily cap, or dropped (queue full, API down).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    /** The outbox's gauges read it at scrape time (the outbox is made after the metrics it records into). */
    observeOutbox(stats: () => Promise<OutboxStats>) {
      outboxStats = stats;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
