import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ContentChangeSchema, type ContentChange } from "~/lib/platform/api/content-contract";
import type { Logger } from "~/lib/platform/logger.server";
import type { SharedRedis } from "~/lib/platform/shared/redis.server";

/** What one instance tells the others after a change saved through it. */
export type SharedChange = { kind: "content"; change: ContentChange } | { kind: "settings" } | { kind: "bulletins" } | { kind: "menus" } | { kind: "forms" };

const MessageSchema = z.discriminatedUnion("kind", [
  z.object({ from: z.string().max(64), kind: z.literal("content"), change: ContentChangeSchema }),
  z.object({ from: z.string().max(64), kind: z.literal("settings") }),
  // A bulletin published to its language's archive, or withdrawn (ADR 060).
  z.object({ from: z.string().max(64), kind: z.literal("bulletins") }),
  // A language's menu published, or its default restored (ADR 062).
  z.object({ from: z.string().max(64), kind: z.literal("menus") }),
  // A built form published or taken out of a language (ADR 065).
  z.object({ from: z.string().max(64), kind: z.literal("forms") }),
]);

/** A message larger than this is not one of ours: not parsed. */
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface ChangeFeed {
  /** Tells the other instances (this one already applied it). Never throws: the TTL is the backstop. */
  announce(change: SharedChange): void;
  close(): Promise<void>;
}

/** Without Redis: one instance, nobody to tell. */
export const noChangeFeed: ChangeFeed = { announce() {}, close: async () => undefined };

/**
 * A publish/subscribe channel (REDIS_URL) that tells every instance which content-cache keys, kept
 * pages and settings to drop after a change saved through one of them, so the change shows
 * everywhere within a moment instead of after the caches' time-to-live. A message lost (Redis down
 * at that moment) leaves the time-to-live as the bound, as without Redis.
 */
export function redisChangeFeed(shared: SharedRedis, apply: (change: SharedChange) => void, logger: Logger): ChangeFeed {
  const channel = `${shared.prefix}changes`;
  const self = randomUUID();
  const subscriber = shared.subscriber();
  subscriber.subscribe(channel).catch((error: unknown) => shared.fellBack("changes", error));
  subscriber.on("message", (from: string, raw: string) => {
    if (from !== channel || Buffer.byteLength(raw) > MAX_MESSAGE_BYTES) return;
    let message: z.infer<typeof MessageSchema>;
    try {
      message = MessageSchema.parse(JSON.parse(raw));
    } catch {
      logger.warn({ channel }, "redis: a change message that is not ours was ignored");
      return;
    }
    if (message.from === self) return;
    apply(message.kind === "content" ? { kind: "content", change: message.change } : { kind: message.kind });
  });
  return {
    announce(change) {
      shared.client.publish(channel, JSON.stringify({ from: self, ...change })).catch((error: unknown) => shared.fellBack("changes", error));
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
