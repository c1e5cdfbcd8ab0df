import { LRUCache } from "lru-cache";
import type { ApiClient } from "~/lib/platform/api/client.server";

/** How long a content read counts as fresh; after that it is served stale while it refreshes. */
export const FRESH_MS = 60_000;

type Loader = () => Promise<unknown>;

export interface ReadOptions {
  /**
   * A bound on how old an answer may be while the API answers: the entry is fresh this long, and
   * once stale a read waits for the refresh instead of answering the stale value. Only while the
   * API fails is the stale value answered (at once, the refresh behind it), and the read counts as
   * failed. Without it, a stale entry answers at once however old it is, on an instance few visit.
   */
  maxAgeMs?: number;
}

/** One request's content reads, in its load context (`context.content`). */
export interface ContentReads {
  /** The provider's API, for the reads below. */
  api: Pick<ApiClient, "get" | "getJson">;
  /** A read through the content cache (see createContentCache). */
  cached<T extends object>(key: string, load: () => Promise<T>, options?: ReadOptions): Promise<T>;
  /** Drops a key on this instance: its next read asks the API (after a change made here, the site settings). */
  forget(key: string): void;
  /** Drops every key that begins with `prefix` (every page of a list: `blog:en:`), as `forget` does one. */
  forgetPrefix(prefix: string): void;
  /**
   * What a read of `key` answered earlier in this request, or undefined when none did (not read, or
   * failed): the render shows a list it keeps out of the loader data from here (forms/cities.server.ts).
   */
  answered<T extends object>(key: string): T | undefined;
}

/**
 * Content reads: stale-while-revalidate (a stale entry answers at once and refreshes behind it)
 * and stale-if-error (when the refresh fails, the stale entry keeps answering). A key read with
 * `maxAgeMs` is bounded instead (see ReadOptions). One per process, made by server.ts; each request
 * reads through its own `forRequest`, which notes a failed read for the server: the page is then not
 * kept whole (page-cache.server.ts). No loader sees that note.
 */
export function createContentCache({ now }: { now?: () => number } = {}) {
  const cache = new LRUCache<string, object, Loader>({
    // A test's clock; the resolution of 0 makes the cache read it on every check.
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    max: 2000,
    ttl: FRESH_MS,
    allowStale: true,
    allowStaleOnFetchRejection: true,
    allowStaleOnFetchAbort: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => (await context()) as object,
  });

  /** Bounded keys whose last refresh failed: they answer stale at once until one succeeds. */
  const failing = new Set<string>();

  async function cached<T extends object>(key: string, load: () => Promise<T>, onFailure: () => void, { maxAgeMs }: ReadOptions = {}): Promise<T> {
    let failure: { error: unknown } | null = null;
    const bounded = maxAgeMs !== undefined;
    const value = await cache.fetch(key, {
      ...(bounded ? { ttl: maxAgeMs, allowStale: failing.has(key) } : {}),
      context: () =>
        load().then(
          (loaded) => {
            failing.delete(key);
            return loaded;
          },
          (error: unknown) => {
            failure = { error };
            if (bounded) failing.add(key);
            onFailure();
            throw error;
          },
        ),
    });
    // A bounded key answered while its API fails (this read's refresh, or another's it waited on): the
    // last known value, which must not be kept in a page for later visitors.
    if (bounded && failing.has(key) && value !== undefined) onFailure();
    if (value !== undefined) return value as T;
    // Nothing stale to fall back on: the caller needs the real error (a 404 is not a 503).
    if (failure) throw (failure as { error: unknown }).error;
    // Another caller's refresh failed; ours did not run. Ask once more, uncached; a failure here too
    // marks the read failed, so a page that falls back on something else is not kept (page-cache.server.ts).
    return load().catch((error: unknown) => {
      onFailure();
      throw error;
    });
  }

  function forget(key: string) {
    cache.delete(key);
    failing.delete(key);
  }

  function forgetPrefix(prefix: string) {
    for (const key of [...cache.keys()]) if (key.startsWith(prefix)) forget(key);
    for (const key of [...failing]) if (key.startsWith(prefix)) failing.delete(key);
  }

  return {
    forget,
    forgetPrefix,
    /** How many content reads are held (fresh or stale): readiness treats a warm cache as able to serve. */
    size: () => cache.size,
    forRequest(api: Pick<ApiClient, "get" | "getJson">): { content: ContentReads; readonly failed: boolean } {
      let failed = false;
      const answers = new Map<string, object>();
      const content: ContentReads = {
        api,
        cached: async (key, load, options) => {
          const value = await cached(key, load, () => (failed = true), options);
          answers.set(key, value);
          return value;
        },
        forget,
        forgetPrefix,
        answered: <T extends object>(key: string) => answers.get(key) as T | undefined,
      };
      return {
        content,
        get failed() {
          return failed;
        },
      };
    },
  };
}

export type ContentCache = ReturnType<typeof createContentCache>;
