import { LRUCache } from "lru-cache";
import { requestContext } from "~/lib/logger.server";

/** How long a content read counts as fresh; after that it is served stale while it refreshes. */
export const FRESH_MS = 60_000;

type Loader = () => Promise<unknown>;

/**
 * Content reads: stale-while-revalidate (a stale entry answers at once and refreshes behind it)
 * and stale-if-error (when the refresh fails, the stale entry keeps answering).
 */
const cache = new LRUCache<string, object, Loader>({
  max: 2000,
  ttl: FRESH_MS,
  allowStale: true,
  allowStaleOnFetchRejection: true,
  allowStaleOnFetchAbort: true,
  noDeleteOnFetchRejection: true,
  fetchMethod: async (_key, _stale, { context }) => (await context()) as object,
});

export async function cached<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
  let failure: { error: unknown } | null = null;
  const value = await cache.fetch(key, {
    context: () =>
      load().catch((error: unknown) => {
        failure = { error };
        const request = requestContext.getStore();
        if (request) request.contentFailed = true;
        throw error;
      }),
  });
  if (value !== undefined) return value as T;
  // Nothing stale to fall back on: the caller needs the real error (a 404 is not a 503).
  if (failure) throw (failure as { error: unknown }).error;
  // Another caller's refresh failed; ours did not run. Ask once more, uncached.
  return load();
}

/** How many content reads are held (fresh or stale): readiness treats a warm cache as able to serve. */
export function cacheSize() {
  return cache.size;
}
