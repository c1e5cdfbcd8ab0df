import { MemoryStore, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import type { RedisStore } from "rate-limit-redis";
import type { SharedRedis } from "~/lib/platform/shared/redis.server";

/**
 * express-rate-limit's counters in Redis (rate-limit-redis), so a limit holds across instances; a
 * count Redis cannot take (down, slow) is taken by this process's own memory store instead, so a
 * visitor is never refused or let through unlimited because Redis is away. One per limiter, each
 * with its own key prefix.
 */
export class SharedRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly redis: RedisStore;
  private readonly memory = new MemoryStore();
  private options: Options | null = null;

  constructor(
    Store: typeof RedisStore,
    private readonly shared: SharedRedis,
    name: string,
  ) {
    this.prefix = `${shared.prefix}rl:${name}:`;
    this.redis = new Store({
      prefix: this.prefix,
      sendCommand: (command: string, ...args: string[]) => shared.client.call(command, ...args) as Promise<number>,
    });
    // The scripts rate-limit-redis loads at start-up are loaded again whenever Redis comes back
    // (a restarted Redis has none, and a start while Redis was down loaded none).
    shared.onReady(() => {
      if (this.options) this.redis.init(this.options).catch(() => undefined);
    });
  }

  init(options: Options) {
    this.options = options;
    this.memory.init(options);
    this.redis.init(options).catch(() => undefined);
  }

  async increment(key: string): Promise<IncrementResponse> {
    if (this.shared.up()) {
      try {
        return await this.redis.increment(key);
      } catch (error) {
        this.shared.fellBack("rate-limit", error);
      }
    } else this.shared.fellBack("rate-limit", new Error("not connected"));
    return this.memory.increment(key);
  }

  async decrement(key: string) {
    await Promise.all([this.redis.decrement(key).catch(() => undefined), this.memory.decrement(key)]);
  }

  async resetKey(key: string) {
    await Promise.all([this.redis.resetKey(key).catch(() => undefined), this.memory.resetKey(key)]);
  }

  shutdown() {
    this.memory.shutdown();
  }
}

/** The limiters' stores, rate-limit-redis loaded only when Redis is configured. */
export async function sharedRateLimitStores(shared: SharedRedis): Promise<(name: string) => SharedRateLimitStore> {
  const { RedisStore } = await import("rate-limit-redis");
  return (name) => new SharedRateLimitStore(RedisStore, shared, name);
}
