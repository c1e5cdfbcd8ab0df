import { ANALYTICS_BATCH_MAX, AnalyticsBatchResultSchema } from "~/lib/platform/api/analytics-contract";
import type { ApiClient } from "~/lib/platform/api/client.server";
import type { AnalyticsEvent } from "~/lib/platform/api/analytics-contract";
import type { Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";

export interface EventQueueOptions {
  api: Pick<ApiClient, "postJson">;
  logger: Logger;
  metrics: Pick<Metrics, "analyticsEvents">;
  /** Events held while the API is slow or down; past it new ones are dropped (ADR 050). */
  maxQueued?: number;
  /** How long an event waits for others to share its batch. */
  flushMs?: number;
  /** Where batches go: page views (the default) or form events (ADR 054), answered alike. */
  path?: "analytics/events" | "analytics/form-events";
}

/**
 * Page views on their way to the API (POST analytics/events), in batches. Analytics may lose a
 * batch when the API is down: the queue is bounded and in memory, a batch the API does not take is
 * dropped, and both are counted (analytics_events_total), so a flood or an outage costs memory that
 * is capped and never a lead's place in the outbox.
 */
export function createEventQueue<Event = AnalyticsEvent>({
  api,
  logger,
  metrics,
  maxQueued = 5_000,
  flushMs = 1_000,
  path = "analytics/events",
}: EventQueueOptions) {
  const queue: Event[] = [];
  let timer: NodeJS.Timeout | null = null;
  let sending: Promise<void> = Promise.resolve();
  /** Taken from the queue and not yet answered: counted against maxQueued too, so a hanging API holds no more. */
  let inFlight = 0;
  const count = (outcome: string, n: number) => n > 0 && metrics.analyticsEvents.inc({ outcome }, n);

  async function send(batch: Event[]) {
    try {
      const { result } = await api.postJson(path, { events: batch }, AnalyticsBatchResultSchema);
      count("stored", result.accepted);
      count("refused", result.refused);
    } catch (error) {
      count("dropped", batch.length);
      logger.warn({ err: error instanceof Error ? error.message : String(error), events: batch.length }, "analytics: a batch of events was lost");
    }
  }

  /** One batch after the other, so a slow API is not asked twice at once. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length > 0) {
      const batch = queue.splice(0, ANALYTICS_BATCH_MAX);
      inFlight += batch.length;
      sending = sending.then(() => send(batch)).finally(() => (inFlight -= batch.length));
    }
    return sending;
  }

  return {
    enqueue(event: Event) {
      if (queue.length + inFlight >= maxQueued) return void count("full", 1);
      queue.push(event);
      count("queued", 1);
      if (queue.length >= ANALYTICS_BATCH_MAX) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), flushMs).unref();
    },
    /** Shutdown: what is queued is sent once more. */
    close: () => flush(),
  };
}

export type EventQueue<Event = AnalyticsEvent> = ReturnType<typeof createEventQueue<Event>>;
