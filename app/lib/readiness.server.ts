import { getApi } from "~/lib/api/api.server";
import { cacheSize } from "~/lib/cache.server";
import { getOutbox } from "~/lib/outbox/index.server";

export interface Readiness {
  ready: boolean;
  checks: { api: boolean; contentCache: boolean; outbox: boolean };
}

const PROBE_TIMEOUT_MS = 2_000;

async function apiReachable(): Promise<boolean> {
  const probe = getApi().get("menuTreatments", { lang: "en", query: { pageIndex: 1, pageSize: 1 } });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), PROBE_TIMEOUT_MS).unref());
  return Promise.race([probe, timeout]).then(
    () => true,
    () => false,
  );
}

function outboxWritable(): boolean {
  try {
    getOutbox().checkWritable();
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
export async function checkReadiness(): Promise<Readiness> {
  const [api, outbox] = [await apiReachable(), outboxWritable()];
  const contentCache = cacheSize() > 0;
  return { ready: api && outbox, checks: { api, contentCache, outbox } };
}
