import { createStaffSessions, type Staff } from "~/lib/admin/sessions.server";
import { createApiClient } from "~/lib/api/client.server";
import { config } from "~/config.server";
import { createContentCache } from "~/lib/cache.server";
import type { Env } from "~/lib/env.server";
import type { SiteContext } from "~/lib/load-context.server";
import type { Logger } from "~/lib/logger.server";
import { createMetrics } from "~/lib/metrics.server";
import { createOutbox } from "~/lib/outbox/outbox.server";
import { createPageCache } from "~/lib/page-cache.server";
import { checkReadiness } from "~/lib/readiness.server";

/** Where the provider's API is and how to sign in to it: from the environment, or the embedded stand-in's. */
export interface ApiConnection {
  apiUrl: string;
  identityUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Everything the site keeps for the life of the process, made once by server.ts: the API client,
 * the content cache, the lead outbox (opened, not started: server.ts starts it once it listens), the
 * page cache, metrics and readiness. The Remix build gets what a request needs through its load
 * context (`loadContext`); nothing in the build makes or finds these itself, so a rebuild under
 * `remix dev` keeps them, and a test can hand an action a context of its own.
 */
export function createServices(env: Env, connection: ApiConnection, logger: Logger) {
  const metrics = createMetrics({ processMetrics: true });
  const api = createApiClient({
    ...connection,
    timeoutMs: env.API_TIMEOUT_MS,
    maxResponseBytes: env.API_MAX_RESPONSE_BYTES,
    logger,
    metrics,
  });
  const contentCache = createContentCache();
  const outbox = createOutbox({ dataDir: env.DATA_DIR, retentionDays: env.OUTBOX_RETENTION_DAYS, api, logger, metrics });
  metrics.observeOutbox(() => outbox.stats());
  // While developing, every render should show the code just saved.
  const pageCache = createPageCache(env.NODE_ENV === "development" ? 0 : env.PAGE_CACHE_SECONDS);
  const staffSessions = createStaffSessions({
    // The server bundle's own config (sessions are sealed and opened only here); shared by instances through FORM_SECRET.
    secret: config.formSecret,
    api: api.staff,
    idleMs: env.ADMIN_IDLE_MINUTES * 60_000,
    absoluteMs: env.ADMIN_SESSION_HOURS * 3_600_000,
    secure: config.secureCookies,
    logger,
  });

  return {
    metrics,
    outbox,
    pageCache,
    readiness: () => checkReadiness({ api, outbox, contentCache }),
    staffSessions,
    /** One request's context; `crossSite` is added by the Remix handler, which judges the post. */
    loadContext(cspNonce: string, { staff = null, admin = false, clientIp = "" }: { staff?: Staff | null; admin?: boolean; clientIp?: string } = {}): SiteContext {
      return {
        cspNonce,
        logger,
        outbox,
        pageCache,
        content: contentCache.forRequest(api),
        media: api,
        // A back-office answer is never kept for anyone else.
        render: { personal: admin },
        htmlOnly: {},
        clientIp,
        staff,
        staffSessions,
        staffApi: api.staff,
        outboxAdmin: outbox,
      };
    },
    /** Shutdown, once no request is in flight: a delivery in progress finishes, the outbox closes cleanly. */
    async close() {
      await outbox.stop();
      await api.close();
    },
  };
}
