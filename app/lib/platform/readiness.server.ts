import type { ApiClient } from "~/lib/platform/api/client.server";
import type { ContentCache } from "~/lib/platform/cache.server";
import type { Outbox } from "~/lib/platform/outbox/outbox.server";

export interface Readiness {
  ready: boolean;
  /** With REDIS_URL only: Redis is not answering, and pages and leads go on, each instance deciding alone. */
  degraded?: boolean;
  checks: { api: boolean; contentCache: boolean; outbox: boolean; redis?: boolean };
  /** Where mail goes: "sent" over SMTP, or "kept, not sent" at /admin/mail (no SMTP_URL). Not a reason to be unready. */
  mail: "sent" | "kept, not sent";
}

const PROBE_TIMEOUT_MS = 2_000;

interface ReadinessDeps {
  api: Pick<ApiClient, "get">;
  outbox: Pick<Outbox, "checkWritable">;
  contentCache: Pick<ContentCache, "size">;
  /** Null without REDIS_URL. */
  redis?: { up(): boolean } | null;
  /** SMTP_URL is set. */
  mailSends?: boolean;
}

async function apiReachable(api: ReadinessDeps["api"]): Promise<boolean> {
  const probe = api.get("menuTreatments", { lang: "en", query: { pageIndex: 1, pageSize: 1 } });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), PROBE_TIMEOUT_MS).unref());
  return Promise.race([probe, timeout]).then(
    () => true,
    () => false,
  );
}

async function outboxWritable(outbox: ReadinessDeps["outbox"]): Promise<boolean> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), PROBE_TIMEOUT_MS).unref());
  return Promise.race([outbox.checkWritable(), timeout]).then(
    () => true,
    () => false,
  );
}

/**
 * Ready to take traffic: every page can be rendered (the API answers) and leads can be accepted
 * (the outbox can store one). A warm content cache is reported but is not enough: it serves only
 * the pages visited before, so while the API is unreachable the load balancer should prefer an
 * instance that can serve them all. The pages it has keep being served to whoever still arrives.
 * Redis down is not "not ready": every instance keeps serving, deciding limits and stamps alone.
 */
export async function checkReadiness({ api, outbox, contentCache, redis, mailSends = false }: ReadinessDeps): Promise<Readiness> {
  const [reachable, writable] = await Promise.all([apiReachable(api), outboxWritable(outbox)]);
  const checks = { api: reachable, contentCache: contentCache.size() > 0, outbox: writable };
  const mail = mailSends ? ("sent" as const) : ("kept, not sent" as const);
  if (!redis) return { ready: reachable && writable, checks, mail };
  return { ready: reachable && writable, degraded: !redis.up(), checks: { ...checks, redis: redis.up() }, mail };
}
