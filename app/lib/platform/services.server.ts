import { createStaffSessions, type Staff } from "~/lib/admin/sessions.server";
import { createApiClient } from "~/lib/platform/api/client.server";
import { createBrowserErrors } from "~/lib/platform/errors/browser-errors.server";
import { loadSourceMaps } from "~/lib/platform/errors/source-maps.server";
import type { Config } from "~/lib/platform/config.server";
import { createContentCache } from "~/lib/platform/cache.server";
import { createSiteCookies } from "~/lib/platform/cookies.server";
import type { Env } from "~/lib/platform/env.server";
import { createFormProtection } from "~/lib/forms/protection.server";
import type { SiteContext } from "~/lib/platform/load-context.server";
import type { Logger } from "~/lib/platform/logger.server";
import { createMetrics } from "~/lib/platform/metrics.server";
import { moveSqliteRows } from "~/lib/platform/outbox/move-sqlite-rows.server";
import { createOutbox } from "~/lib/platform/outbox/outbox.server";
import { leaseFor, postgresOutboxStore } from "~/lib/platform/outbox/postgres-store.server";
import { sqliteOutboxStore } from "~/lib/platform/outbox/sqlite-store.server";
import { noChangeFeed, redisChangeFeed } from "~/lib/platform/shared/changes.server";
import { sharedRateLimitStores } from "~/lib/platform/shared/rate-limit-store.server";
import { redactUrl } from "~/lib/platform/shared/redact-url";
import { connectRedis } from "~/lib/platform/shared/redis.server";
import { redisUsedStamps } from "~/lib/platform/shared/used-stamps.server";
import { applyArchiveChange } from "~/lib/bulletins/archive.server";
import { applyFormsChange } from "~/lib/forms/built-form-paths";
import { applyContentChange } from "~/lib/site/content-freshness.server";
import { applyMenusChange } from "~/lib/site/menus.server";
import { applySettingsChange } from "~/lib/site/settings.server";
import { createPageCache } from "~/lib/render/page-cache.server";
import { checkReadiness } from "~/lib/platform/readiness.server";
import { createMailer } from "~/lib/platform/mail/mailer.server";
import { createMailTransport } from "~/lib/platform/mail/transport.server";
import { createDigestSchedule } from "~/lib/platform/mail/digest-schedule.server";
import { createDownloadCounter, type DownloadCounter } from "~/lib/platform/download-counter.server";
import { createEventQueue } from "~/lib/analytics/event-queue.server";
import type { FormEvent } from "~/lib/platform/api/form-funnels-contract";
import { createLinkTokens, linkKey } from "~/lib/newsletter/link-token.server";
import { createOpenTokens } from "~/lib/bulletins/open-token.server";
import { createNewsletter } from "~/lib/newsletter/newsletter.server";
import { createBulletins } from "~/lib/bulletins/bulletins.server";
import { createPushJobs } from "~/lib/push/push-jobs.server";
import { loadVapid } from "~/lib/push/vapid.server";

/** Where the provider's API is and how to sign in to it: from the environment, or the embedded stand-in's. */
export interface ApiConnection {
  apiUrl: string;
  identityUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Everything the site keeps for the life of the process, made once by server.ts from the
 * configuration it parsed: the API client, the content cache, the lead outbox (opened, not started:
 * server.ts starts it once it listens), the page cache, the cookies and form protection made with
 * the form secret, metrics and readiness. The Remix build gets what a request needs through its
 * load context (`forRequest`); nothing in the build makes or finds these itself, and a test can
 * hand an action a context of its own.
 */
export async function createServices(env: Env, config: Config, connection: ApiConnection, logger: Logger) {
  const metrics = createMetrics({ processMetrics: true });
  const api = createApiClient({
    ...connection,
    timeoutMs: env.API_TIMEOUT_MS,
    maxResponseBytes: env.API_MAX_RESPONSE_BYTES,
    logger,
    metrics,
  });
  const contentCache = createContentCache();
  // Several instances (ADR 039): the outbox in PostgreSQL, and what they share in Redis.
  const store = env.OUTBOX_DATABASE_URL
    ? await postgresOutboxStore({
        url: env.OUTBOX_DATABASE_URL,
        dataDir: env.DATA_DIR,
        leaseMs: leaseFor(env.API_TIMEOUT_MS),
        logger,
        afterSchema: moveSqliteRows(env.DATA_DIR, logger, metrics),
      })
    : sqliteOutboxStore(env.DATA_DIR, logger, metrics);
  logger.info(
    { outbox: store.engine, ...(env.OUTBOX_DATABASE_URL ? { database: redactUrl(env.OUTBOX_DATABASE_URL) } : { dataDir: env.DATA_DIR }) },
    "outbox opened",
  );
  const outbox = createOutbox({ store, retentionDays: env.OUTBOX_RETENTION_DAYS, api, logger, metrics });
  metrics.observeOutbox(() => outbox.stats());
  const mailTransport = createMailTransport(env.SMTP_URL, logger);
  const mailer = createMailer({
    outbox,
    api,
    transport: mailTransport,
    siteUrl: config.siteUrl,
    from: env.MAIL_FROM,
    replyTo: env.MAIL_REPLY_TO,
    logger,
  });
  // Web push (ADR 058): VAPID_* (required with an external API), else keys kept in DATA_DIR on the embedded default.
  const push = createPushJobs({ outbox, api, vapid: loadVapid(env, config.siteUrl), allowLoopback: env.PUSH_LOOPBACK_ENDPOINTS, logger });
  // Browser errors (ADR 051): resolved through this build's source maps, kept on the server, then sent to the API.
  const browserErrors = createBrowserErrors({ api, maps: await loadSourceMaps() });
  const digests = createDigestSchedule({ at: env.MAIL_DIGEST_AT, enqueue: mailer.enqueueDigest, logger });
  // A real API and nowhere to send mail: staff are told of nothing, so the process says so, once.
  if (env.API_URL && !env.SMTP_URL) logger.warn("mail: SMTP_URL is not set, so mail is kept at /admin/mail and not sent");
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, env.REDIS_PREFIX, logger, metrics) : null;
  const rateLimitStore = redis ? await sharedRateLimitStores(redis) : undefined;
  if (env.REDIS_URL) logger.info({ redis: redactUrl(env.REDIS_URL), prefix: env.REDIS_PREFIX }, "redis: rate limits, form stamps and change notices shared");
  const cookies = createSiteCookies({ secure: config.secureCookies, secret: config.formSecret });
  const forms = createFormProtection({
    secret: config.formSecret,
    cookie: cookies.csrf,
    minFillSeconds: config.formMinFillSeconds,
    usedStamps: redis ? redisUsedStamps(redis) : undefined,
  });
  // While developing, every render should show the code just saved.
  const pageCache = createPageCache(env.NODE_ENV === "development" ? 0 : env.PAGE_CACHE_SECONDS, { cookies, forms });
  const caches = { content: contentCache, pageCache };
  // What another instance saved: dropped here as it was there.
  const changes = redis
    ? redisChangeFeed(
        redis,
        (change) =>
          change.kind === "content"
            ? applyContentChange(caches, change.change)
            : change.kind === "bulletins"
              ? applyArchiveChange(caches)
              : change.kind === "menus"
                ? applyMenusChange(caches)
                : change.kind === "forms"
                  ? applyFormsChange(caches)
                  : applySettingsChange(caches),
        logger,
      )
    : noChangeFeed;
  const staffSessions = createStaffSessions({
    // Sessions are sealed and opened only here; shared by instances through FORM_SECRET.
    secret: config.formSecret,
    api: api.staff,
    idleMs: env.ADMIN_IDLE_MINUTES * 60_000,
    absoluteMs: env.ADMIN_SESSION_HOURS * 3_600_000,
    secure: config.secureCookies,
    logger,
  });
  const downloads = createDownloadCounter({ api, logger });
  // A single-fetch data request (`….txt.data`) runs a document's loader but gets no file: it is no download (ADR 052).
  const noDownloads: DownloadCounter = { count: () => undefined };
  const analytics = createEventQueue({ api, logger, metrics });
  // What visitors do with the lead forms, in batches of their own (ADR 054).
  const formEvents = createEventQueue<FormEvent>({ api, logger, metrics, path: "analytics/form-events" });
  // Newsletter sign-ups and their links (ADR 056): the links' key outlives a restart (FORM_SECRET, else DATA_DIR).
  const newsletterKey = linkKey(env.FORM_SECRET, env.DATA_DIR);
  const newsletter = createNewsletter({
    api,
    mailer,
    mailbox: outbox,
    tokens: createLinkTokens(newsletterKey),
    siteUrl: config.siteUrl,
  });
  // Bulletins (ADR 057): sent by an outbox job at their time, each mail a job of its own.
  const bulletins = createBulletins({
    api,
    mailer,
    outbox,
    newsletter,
    perMinute: env.BULLETIN_MAILS_PER_MINUTE,
    siteUrl: config.siteUrl,
    // Their open pixel's key, derived from the links' (ADR 057 amended).
    openTokens: createOpenTokens(newsletterKey),
    logger,
  });
  // One call names every job runner: a second would replace the first's.
  outbox.useJobs({ ...mailer.jobs, ...push.jobs, ...bulletins.job });
  const mailWebhookSecret = env.MAIL_WEBHOOK_SECRET ?? null;
  // What pages show of the configuration; its secrets stay in the services above.
  const pageConfig = { siteUrl: config.siteUrl, analytics: config.analytics };

  return {
    metrics,
    outbox,
    /** The daily digest of overdue follow-ups (MAIL_DIGEST_AT): started with the outbox, once the site serves. */
    digests,
    pageCache,
    readiness: () => checkReadiness({ api, outbox, contentCache, redis, mailSends: mailTransport.sends }),
    /** express-rate-limit's store for one limiter: Redis, shared by the instances; none (memory) without it. */
    rateLimitStore,
    staffSessions,
    /**
     * One request's load context (the Remix handler adds `crossSite` and `refusal`), and whether one
     * of its content reads failed, which the server asks once Remix has answered (keep-page.server.ts).
     */
    forRequest(
      cspNonce: string,
      { staff = null, clientIp = "", dataRequest = false }: { staff?: Staff | null; clientIp?: string; dataRequest?: boolean } = {},
    ): { context: SiteContext; contentFailed: () => boolean } {
      const reads = contentCache.forRequest(api);
      const context: SiteContext = {
        cspNonce,
        config: pageConfig,
        cookies,
        forms,
        logger,
        outbox,
        pageCache,
        changes,
        content: reads.content,
        media: api,
        clientIp,
        staff,
        staffSessions,
        staffApi: api.staff,
        outboxAdmin: outbox,
        mail: mailer,
        mailbox: outbox,
        downloads: dataRequest ? noDownloads : downloads,
        browserErrors,
        analytics,
        formEvents,
        newsletter,
        bulletins,
        mailWebhookSecret,
        push,
      };
      return { context, contentFailed: () => reads.failed };
    },
    /** Shutdown, once no request is in flight: a delivery in progress finishes, the outbox closes cleanly. */
    async close() {
      digests.stop();
      await analytics.close();
      await formEvents.close();
      await outbox.stop();
      mailTransport.close();
      await changes.close();
      await redis?.close();
      await api.close();
    },
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
