import { localUsedStamps, type UsedStamps } from "~/lib/forms/protection.server";
import type { SharedRedis } from "~/lib/platform/shared/redis.server";

/**
 * Used form stamps in Redis (`SET NX` for the stamp's remaining lifetime), so a filled form is
 * accepted once whichever instance it reaches. While Redis cannot answer, this process's own list
 * decides (and keeps what it took, so a replay to this same instance is still refused).
 */
export function redisUsedStamps(shared: SharedRedis): UsedStamps {
  const local = localUsedStamps();
  const key = (stamp: string) => `${shared.prefix}stamp:${stamp}`;
  return {
    async has(stamp) {
      if (await local.has(stamp)) return true;
      try {
        return (await shared.client.exists(key(stamp))) === 1;
      } catch (error) {
        shared.fellBack("form-stamps", error);
        return false;
      }
    },
    async claim(stamp, ttlMs) {
      try {
        const taken = (await shared.client.set(key(stamp), "1", "PX", ttlMs, "NX")) === "OK";
        if (taken) await local.claim(stamp, ttlMs);
        return taken;
      } catch (error) {
        shared.fellBack("form-stamps", error);
        return local.claim(stamp, ttlMs);
      }
    },
    async release(stamp) {
      await local.release(stamp);
      await shared.client.del(key(stamp)).catch(() => undefined);
    },
  };
}
