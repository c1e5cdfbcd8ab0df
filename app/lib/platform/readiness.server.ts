import type { ApiClient } from "~/lib/platform/api/client.server";
import type { ContentCache } from "~/lib/platform/cache.server";
import type { Outbox } from "~/lib/platform/outbox/outbox.server";

export interface Readiness {
  ready: boolean;
  checks: { api: boolean; contentCache: boolean; outbox: boolean };
}

const PROBE_TIMEOUT_MS = 2_000;

interface ReadinessDeps {
  api: Pick<ApiClient, "get">;
  outbox: Pick<Outbox, "checkWritable">;
  contentCache: Pick<ContentCache, "size">;
}

async function apiReachable(api: ReadinessDeps["api"]): Promise<boolean> {
  const probe = api.get("menuTreatments", { lang: "en", query: { pageIndex: 1, pageSize: 1 } });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), PROBE_TIMEOUT_MS).unref());
  return Promise.race([probe, timeout]).then(
    () => true,
    () => false,
  );
}

function outboxWritable(outbox: ReadinessDeps["outbox"]): boolean {
  try {
    outbox.checkWritable();
    return true;
  } catch {
    return false;
  }
}

/**
 * Ready to take traffic: every page can be rendered (the API answers) and leads can be accepted
 * (the outbox can store one). A warm content cache is reported but is not enough: it serves only
 * the pages visited before, so while the API is unreachable the load balancer should prefer an
 * instance that can serve them all. The pages it has keep being served to whoever still arrives.
 */
export async function checkReadiness({ api, outbox, contentCache }: ReadinessDeps): Promise<Readiness> {
  const [reachable, writable] = [await apiReachable(api), outboxWritable(outbox)];
  return { ready: reachable && writable, checks: { api: reachable, contentCache: contentCache.size() > 0, outbox: writable } };
}
