import type { Redis } from "ioredis";
import type { Logger } from "~/lib/platform/logger.server";
import type { Metrics } from "~/lib/platform/metrics.server";
import { redactUrl } from "~/lib/platform/shared/redact-url";

/**
 * Redis silent this long while commands wait counts as Redis being down: the connection is dropped,
 * its commands fail (each caller falls back) and it reconnects. A page never waits on it longer. One
 * timer for the connection, not one per command: every page view sends a command.
 */
const SOCKET_TIMEOUT_MS = 500;

export type SharedUse = "rate-limit" | "form-stamps" | "changes";

export interface SharedRedis {
  /** Commands; they fail at once while Redis is down (no queue), so each caller falls back. */
  client: Redis;
  /** Keys of this site start with it (REDIS_PREFIX), so one Redis can serve other things too. */
  prefix: string;
  /** Whether Redis answers now. */
  up(): boolean;
  /** A second connection for publish/subscribe (a subscribed connection takes no other command). */
  subscriber(): Redis;
  /** Counts a decision made without Redis, and logs the first one of each outage per use. */
  fellBack(use: SharedUse, error: unknown): void;
  /** Called every time the connection is (again) ready. */
  onReady(listener: () => void): void;
  close(): Promise<void>;
}

const connectionOptions = {
  // A command while disconnected fails at once instead of waiting in a queue: the caller falls back.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  socketTimeout: SOCKET_TIMEOUT_MS,
  connectTimeout: 2_000,
  // Commands sent in the same tick (every page's rate-limit count under load) go in one write.
  enableAutoPipelining: true,
  // Reconnects for ever, at most every 2 s: sharing resumes by itself when Redis is back.
  retryStrategy: (times: number) => Math.min(times * 200, 2_000),
};

/**
 * What instances share through Redis (REDIS_URL, `rediss://` for TLS): rate-limit counters, used
 * form stamps and the channel that tells every instance what a change made stale. Redis is a
 * helper, never a dependency of a page: while it is down each process decides alone (logged once per
 * outage, counted in `shared_state_fallbacks_total`), and `/readyz` says degraded.
 */
export async function connectRedis(url: string, prefix: string, logger: Logger, metrics: Pick<Metrics, "sharedFallbacks">): Promise<SharedRedis> {
  const where = redactUrl(url);
  // Loaded only when configured: the embedded default and a single instance never pay for it.
  const { Redis } = await import("ioredis");
  const client = new Redis(url, connectionOptions);
  const subscribers: Redis[] = [];
  const readyListeners: (() => void)[] = [];
  /** Uses that fell back in the current outage: each is logged once until Redis is ready again. */
  const fallenBack = new Set<SharedUse>();
  let everReady = false;

  client.on("ready", () => {
    if (fallenBack.size || everReady) logger.info({ redis: where }, "redis: connected, sharing with the other instances");
    everReady = true;
    fallenBack.clear();
    for (const listener of readyListeners) listener();
  });
  // ioredis reports every failed connection attempt here; the fallbacks say what it means for the site.
  client.on("error", () => undefined);

  return {
    client,
    prefix,
    up: () => client.status === "ready",
    subscriber() {
      // A subscribed connection waits for messages in silence: no socket timeout there.
      const connection = client.duplicate({ enableOfflineQueue: true, socketTimeout: undefined });
      connection.on("error", () => undefined);
      subscribers.push(connection);
      return connection;
    },
    fellBack(use, error) {
      metrics.sharedFallbacks.inc({ use });
      if (fallenBack.has(use)) return;
      fallenBack.add(use);
      logger.warn(
        { redis: where, use, err: error instanceof Error ? error.message : String(error) },
        "redis: not answering, this instance decides alone until it is back",
      );
    },
    onReady(listener) {
      readyListeners.push(listener);
    },
    async close() {
      for (const connection of [client, ...subscribers]) connection.disconnect();
    },
  };
}
