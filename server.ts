/*
 * The site's process. Remix compiles this module together with the app into one bundle,
 * build/index.js (remix.config.js `server`, ADR 034), so each class and service the server and the
 * routes share exists once in the process. Importing the bundle starts nothing (tools and tests read
 * its routes); build/server.js, which `npm start`, the image and `remix dev` run, calls startSite.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { broadcastDevReady, createRequestHandler, installGlobals } from "@remix-run/node";
import * as build from "@remix-run/dev/server-build";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type ErrorRequestHandler } from "express";
import { configFrom } from "./app/lib/platform/config.server";
import { parseEnv, type Env } from "./app/lib/platform/env.server";
import { ANALYTICS_BEACON_BYTES, ANALYTICS_EVENT_PATH } from "./app/lib/analytics/paths";
import { bodyGuard } from "./app/lib/platform/http/body-guard.server";
import { bodyLimit } from "./app/lib/platform/http/body-limit.server";
import { requestLog } from "./app/lib/platform/http/request-log.server";
import { measureRequests, metricsEndpoint, metricsWithToken } from "./app/lib/platform/http/metrics.server";
import { isAdminPath, isContentEditorPath } from "./app/lib/admin/paths";
import { pageKeeper } from "./app/lib/platform/http/keep-page.server";
import { plainPage } from "./app/lib/platform/http/plain-page.server";
import { rateLimits } from "./app/lib/platform/http/rate-limit.server";
import { remixHandler } from "./app/lib/platform/http/remix-handler.server";
import { isDataRequest } from "./app/lib/platform/http/single-fetch";
import { checkRequestTarget } from "./app/lib/platform/http/request-target.server";
import { closeIdleSockets, serverTimeouts } from "./app/lib/platform/http/timeouts.server";
import { assetHeaders, cspNonce, securityHeaders } from "./app/lib/platform/http/security.server";
import { gracefulShutdown } from "./app/lib/platform/http/shutdown.server";
import { createLogger, type Logger } from "./app/lib/platform/logger.server";
import { createPageProbe } from "./app/lib/platform/page-probe.server";
import { routeAtUrlPath } from "./app/lib/site/route-table";
import { ERROR_REPORT_PATH } from "./app/lib/site/browser-error-path";
import { MAIL_WEBHOOK_PATH } from "./app/lib/bulletins/mail-webhook-path";
import { createServices, type ApiConnection } from "./app/lib/platform/services.server";
import { isDamagedDatabase } from "./app/lib/platform/sqlite.server";

// The Remix build, as any Remix server module exports it: what Remix and the tools that read routes use.
export * from "@remix-run/dev/server-build";

/**
 * The embedded default (EMBEDDED_BACKEND=1 and no API_URL): the stand-in backend runs in this
 * process on 127.0.0.1 with credentials made now, which are handed to the API client
 * (createServices). It is its own bundle (backend/build/index.js), loaded only here: the site's
 * bundle and the production image carry neither it nor its demo content.
 */
const STAND_IN = path.resolve("backend/build/index.js");
async function startEmbeddedBackend(env: Env, logger: Logger) {
  if (!existsSync(STAND_IN)) {
    console.error(
      `EMBEDDED_BACKEND=1, but the stand-in backend is not installed here (${STAND_IN}): set API_URL, or run from a checkout after "npm run build".`,
    );
    process.exit(1);
  }
  const { startBackend } = (await import(pathToFileURL(STAND_IN).href)) as typeof import("./backend/index");
  const credentials = { clientId: `site-${randomUUID()}`, clientSecret: randomBytes(32).toString("base64url") };
  // The first owner, on a backend with no staff yet (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME).
  const admin = env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME } : undefined;
  // FORM_SECRET, when set, also wraps two-factor secrets at rest (a key of its own, derived by the backend).
  const analytics = { maxEventsPerDay: env.ANALYTICS_MAX_EVENTS_PER_DAY, retentionMonths: env.ANALYTICS_RETENTION_MONTHS };
  const backend = await startBackend({ dataDir: env.DATA_DIR, ...credentials, admin, secretKey: env.FORM_SECRET, analytics }).catch((error: unknown) => {
    // A damaged backend.sqlite is never reported ready nor replaced: one line says what to do.
    if (!isDamagedDatabase(error)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  logger.info({ url: backend.url, dataDir: env.DATA_DIR }, "embedded backend started");
  const { cleaned, removed, left } = backend.photoCleaning;
  if (cleaned + removed + left > 0) logger.info(backend.photoCleaning, "embedded backend: job-application photos stored before re-encoding were cleaned");
  const connection: ApiConnection = { apiUrl: backend.url, identityUrl: backend.url, ...credentials };
  return { backend, connection };
}

/** Starts the site: reads the environment, starts the services and listens on PORT. */
export async function startSite() {
  // Native fetch, FormData and File: form uploads later rely on Node's own File.
  installGlobals({ nativeFetch: true });

  let env: Env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    // One clear line naming the variable, no stack trace.
    console.error((error as Error).message);
    process.exit(1);
  }

  const logger = createLogger(undefined, env.LOG_LEVEL);

  // Every log line is one JSON line, the last words of a crash too.
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception");
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled rejection");
  });

  const dev = env.NODE_ENV === "development";
  // Before anything starts. `remix dev` writes its development build to the same folder, and under
  // NODE_ENV=production React has none of the development build's JSX functions: every page would
  // be a 500 while the process looked healthy (#36).
  if (env.NODE_ENV === "production" && build.mode !== "production") {
    console.error(`The build at ${fileURLToPath(import.meta.url)} is a ${build.mode} build (from "remix dev"): run "npm run build" first.`);
    process.exit(1);
  }

  const embedded = env.API_URL ? null : await startEmbeddedBackend(env, logger);
  const connection: ApiConnection = embedded?.connection ?? {
    apiUrl: env.API_URL!,
    identityUrl: env.IDENTITY_URL ?? env.API_URL!,
    // The schema requires both whenever API_URL is set.
    clientId: env.CLIENT_ID!,
    clientSecret: env.CLIENT_SECRET!,
  };
  /** Which API this instance talks to: said at start-up and in /readyz. */
  const apiMode = embedded ? "embedded stand-in backend (demo content)" : "external";
  logger.info({ api: apiMode, apiUrl: connection.apiUrl }, `API: ${apiMode}`);

  // The process's configuration and services: made here, once, and handed to the routes through the
  // load context, so no module of the build reads the environment or starts anything itself.
  const services = await createServices(env, configFrom(env), connection, logger);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Order matters: ids and logs first, so every later line carries the request id.
  app.use(requestLog(logger));
  // Then what no route can answer (odd methods, targets and hosts), and the body caps, for every route.
  app.use(checkRequestTarget);
  // An honest form is under 40 KB (5,000 Arabic characters percent-encoded): 128 KB leaves room and
  // keeps each crafted post's cost small.
  // Multipart is for the career form's photo, a built form's (ADR 065) and the content editor (its image, and five languages of text).
  const takesUploads = (path: string) => {
    const route = routeAtUrlPath(path)?.route;
    return route?.page === "career" || (route?.page === "forms" && route.kind === "slug-detail") || isContentEditorPath(path);
  };
  // The analytics beacon alone takes JSON, a few fields (ADR 050).
  const takesJson = (path: string) => path === ANALYTICS_EVENT_PATH;
  app.use(bodyLimit({ formBytes: 128 * 1024, multipartBytes: 12 * 1024 * 1024, takesUploads, takesJson: { path: takesJson, bytes: ANALYTICS_BEACON_BYTES } }));
  app.use(measureRequests(services.metrics));
  // gzip: pages, data requests and translations are all text.
  app.use(compression());
  // Fingerprinted by the Remix compiler, so they can be cached forever. Sent as the .br or .gz that
  // scripts/precompress.mjs wrote at build time when the browser takes it (the compression
  // middleware leaves a response that already has an encoding alone); a dev build has none.
  // Before the document headers: these files get the few that apply to them (assetHeaders).
  app.use(
    "/build",
    ...assetHeaders(),
    expressStaticGzip("public/build", {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false, lastModified: false },
    }),
  );
  // Page views may go to the analytics origin only when analytics is configured at all.
  const analyticsOrigin = env.GA_MEASUREMENT_ID ? new URL(env.ANALYTICS_ORIGIN).origin : null;
  app.use(cspNonce, ...securityHeaders({ analyticsOrigin, dev }));

  // Liveness: answers while the process can serve at all.
  app.get("/healthz", (_req, res) => {
    res.type("text/plain").send("ok");
  });
  // Readiness: pages can be rendered (API up or cache warm, and a real page renders: homeRenders,
  // below) and leads accepted (outbox writable).
  app.get("/readyz", async (_req, res) => {
    if (shutdown.stopping) return void res.status(503).json({ ready: false, stopping: true });
    // One after the other: the render's content reads in flight would count as a warm cache.
    const readiness = await services.readiness();
    const page = await homeRenders();
    const ready = readiness.ready && page;
    res.status(ready ? 200 : 503).json({ ...readiness, ready, checks: { ...readiness.checks, page }, api: embedded ? "embedded" : "external" });
  });
  app.get("/metrics", metricsWithToken(env.METRICS_TOKEN, services.metrics));

  // Translations change with deploys but keep their names: cache briefly (the client adds the build version).
  app.use("/locales", express.static("locales", { maxAge: dev ? 0 : "1h", index: false }));
  // Every public file has an extension and no page path does: a page request costs no file lookup.
  const publicFiles = express.static("public", { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  // A missing asset is a 404 here, not a page render. Uploaded images (/media/u/…) are a route's.
  app.use(["/build", "/locales", "/images", "/media", "/flags"], (req, res, next) => {
    if (req.baseUrl === "/media" && req.path.startsWith("/u/")) return next();
    res.status(404).type("text/plain").send("Not found");
  });

  app.use(
    rateLimits({
      perMinute: env.RATE_LIMIT_PER_MINUTE,
      postsPerMinute: env.RATE_LIMIT_POSTS_PER_MINUTE,
      errorReportsPerMinute: env.RATE_LIMIT_ERRORS_PER_MINUTE,
      analyticsPerMinute: env.ANALYTICS_EVENTS_PER_MINUTE,
      store: services.rateLimitStore,
    }),
  );
  // Every post's body, on every route: read within its cap and pace and checked for its shape before
  // the session, origin, CSRF token or any form's schema reads it (body-guard.server.ts).
  // JSON bodies (ADRs 050, 051, 057): browser error reports, the mail service's signed reports, and the analytics beacon (also as text/plain), each within its cap.
  app.use(bodyGuard(takesUploads, (path) => path === ERROR_REPORT_PATH || path === MAIL_WEBHOOK_PATH, takesJson));

  // The back office: who is signed in (the session cookie, confirmed with the identity API on every
  // request, tokens renewed here), never indexed. Every admin loader and action sees only this answer.
  app.use(async (req, res, next) => {
    if (!isAdminPath(req.path)) return next();
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    // One staff member's answers: never kept for anyone else (keep-page.server.ts).
    res.locals.admin = true;
    try {
      const { staff, setCookie } = await services.staffSessions.read(req.headers.cookie);
      res.locals.signedInStaff = staff;
      if (setCookie) res.append("Set-Cookie", setCookie);
      next();
    } catch (error) {
      // The identity API could not confirm the session (down, slow): the staff member is asked to try
      // again; a session it cannot confirm is never let through.
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "admin: session could not be confirmed");
      res.status(503).type("html").send(plainPage(req.path, "unavailable"));
    }
  });

  // A first-time visitor gets the page another one was served seconds ago (app/lib/render/page-cache.server.ts).
  app.get("*", async (req, res, next) => {
    try {
      const page = await services.pageCache.kept(req.method, req.originalUrl, req.headers, res.locals.cspNonce);
      if (!page) return next();
      for (const [name, value] of page.headers) res.append(name, value);
      res.setHeader("X-Page-Cache", "hit");
      // Sent with its length, not chunked: the compression middleware writes the head before Node could count it.
      res.setHeader("Content-Length", page.body.byteLength);
      res.status(200).end(page.body);
    } catch (error) {
      next(error);
    }
  });

  // Made once: creating it compiles the whole route tree, far too costly per request. Remix's answer
  // goes past the page cache on its way out, which keeps a page it may hand to others.
  const keepPage = pageKeeper(services.pageCache);
  app.all(
    "*",
    remixHandler(
      build,
      env.SITE_URL,
      (res) => services.forRequest(res.locals.cspNonce, { staff: res.locals.signedInStaff, clientIp: res.req.ip, dataRequest: isDataRequest(res.req.path) }),
      keepPage,
    ),
  );

  // What readiness renders a page through: the build's own Remix handler, not the one above, since
  // what it renders is no visitor's and is never kept for one.
  const probeHandler = createRequestHandler(build, build.mode);
  /** The home page in English, rendered as a visitor without cookies gets it (page-probe.server.ts). */
  const homeRenders = createPageProbe((signal) => {
    const { context } = services.forRequest(randomBytes(16).toString("base64"));
    return probeHandler(new Request(`http://127.0.0.1:${env.PORT}/en`, { signal }), { ...context, crossSite: false, refusal: null });
  });

  // Whatever still throws: one JSON log line, and a short page without a stack trace.
  app.use(((error, req, res, _next) => {
    logger.error({ err: error, method: req.method, path: req.path }, "request failed");
    if (res.headersSent) return void res.destroy();
    res.status(500).type("text/plain").send("Internal Server Error");
  }) as ErrorRequestHandler);

  const server = createServer(serverTimeouts, app);
  server.listen(env.PORT, () => {
    logger.info({ port: env.PORT }, `Site listening on http://localhost:${env.PORT}`);
    // Leads a previous process accepted but did not deliver go out again, now that the site serves.
    services.outbox.start();
    services.digests.start();
    if (dev) broadcastDevReady(build);
  });
  // Idle sockets (connected, sending nothing) are dropped as well (timeouts.server.ts).
  closeIdleSockets(server, serverTimeouts.idleTimeout);

  if (env.METRICS_PORT) {
    // Metrics for the scraper on their own port, on METRICS_HOST (loopback unless told otherwise).
    const metricsApp = express();
    metricsApp.disable("x-powered-by");
    metricsApp.get("/metrics", metricsEndpoint(services.metrics));
    metricsApp.listen(env.METRICS_PORT, env.METRICS_HOST, () => logger.info({ port: env.METRICS_PORT, host: env.METRICS_HOST }, "metrics listening"));
  }

  const shutdown = gracefulShutdown(server, {
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    logger,
    async cleanup() {
      // No request is in flight now: what the outbox holds stays consistent for the next start.
      await services.close();
      await embedded?.backend.close();
    },
  });
}
