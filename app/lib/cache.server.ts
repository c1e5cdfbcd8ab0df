import { LRUCache } from "lru-cache";
import type { ApiClient } from "~/lib/api/client.server";

/** How long a content read counts as fresh; after that it is served stale while it refreshes. */
export const FRESH_MS = 60_000;

type Loader = () => Promise<unknown>;

/** One request's content reads, in its load context (`context.content`). */
export interface ContentReads {
  /** The provider's API, for the reads below. */
  api: Pick<ApiClient, "get">;
  /** A read through the content cache (see createContentCache). */
  cached<T extends object>(key: string, load: () => Promise<T>): Promise<T>;
  /** Whether a read of this request failed: its page is then not kept whole (page-cache.server.ts). */
  readonly failed: boolean;
}

/**
 * Content reads: stale-while-revalidate (a stale entry answers at once and refreshes behind it)
 * and stale-if-error (when the refresh fails, the stale entry keeps answering). One per process,
 * made by server.ts; each request reads through its own `forRequest`, which notes a failed read.
 */
export function createContentCache() {
  const cache = new LRUCache<string, object, Loader>({
    max: 2000,
    ttl: FRESH_MS,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => (await context()) as object,
  });

  async function cached<T extends object>(key: string, load: () => Promise<T>, onFailure: () => void): Promise<T> {
    let failure: { error: unknown } | null = null;
    const value = await cache.fetch(key, {
      context: () =>
        load().catch((error: unknown) => {
          failure = { error };
          onFailure();
          throw error;
        }),
    });
    if (value !== undefined) return value as T;
    // Nothing stale to fall back on: the caller needs the real error (a 404 is not a 503).
    if (failure) throw (failure as { error: unknown }).error;
    // Another caller's refresh failed; ours did not run. Ask once more, uncached.
    return load();
  }

  return {
    /** How many content reads are held (fresh or stale): readiness treats a warm cache as able to serve. */
    size: () => cache.size,
    forRequest(api: Pick<ApiClient, "get">): ContentReads {
      let failed = false;
      return {
        api,
        cached: (key, load) => cached(key, load, () => (failed = true)),
        get failed() {
          return failed;
        },
      };
    },
  };
}

export type ContentCache = ReturnType<typeof createContentCache>;
