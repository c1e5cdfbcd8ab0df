import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, watch } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { parseEnv, type Env } from "./app/lib/env.server";
import { bodyLimit } from "./app/lib/http/body-limit.server";
import { requestLog } from "./app/lib/http/request-log.server";
import { measureRequests, metricsEndpoint, metricsWithToken } from "./app/lib/http/metrics.server";
import { rateLimits } from "./app/lib/http/rate-limit.server";
import { remixHandler } from "./app/lib/http/remix-handler.server";
import { checkRequestTarget } from "./app/lib/http/request-target.server";
import { closeIdleSockets, serverTimeouts } from "./app/lib/http/timeouts.server";
import { cspNonce, securityHeaders } from "./app/lib/http/security.server";
import { gracefulShutdown } from "./app/lib/http/shutdown.server";
import { logger } from "./app/lib/logger.server";
import { routeAtUrlPath } from "./app/lib/route-table";

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

logger.level = env.LOG_LEVEL;

// Every log line is one JSON line, the last words of a crash too.
process.on("uncaughtException", (error) => {
  logger.fatal({ err: error }, "uncaught exception");
  process.exit(1);
});
process.on("unhandledRejection", (reason) => {
  logger.error({ err: reason }, "unhandled rejection");
});

const BUILD_DIR = path.resolve("build");
const BUILD_PATH = path.join(BUILD_DIR, "index.js");
const dev = env.NODE_ENV === "development";

if (!existsSync(BUILD_PATH)) {
  console.error(`No build at ${BUILD_PATH}: run "npm run build" first.`);
  process.exit(1);
}

/**
 * The embedded default (EMBEDDED_BACKEND=1 and no API_URL): the stand-in backend runs in this
 * process on 127.0.0.1 with credentials made now, and the app's client is pointed at it before the
 * app loads. It is its own bundle (backend/build/index.js), loaded only here: the site's bundle and
 * the production image carry neither it nor its demo content.
 */
const STAND_IN = path.resolve("backend/build/index.js");
async function startEmbeddedBackend() {
  if (!existsSync(STAND_IN)) {
    console.error(`EMBEDDED_BACKEND=1, but the stand-in backend is not installed here (${STAND_IN}): set API_URL, or run from a checkout after "npm run build".`);
    process.exit(1);
  }
  const { startBackend } = (await import(pathToFileURL(STAND_IN).href)) as typeof import("./backend/index");
  const clientId = `site-${randomUUID()}`;
  const clientSecret = randomBytes(32).toString("base64url");
  const backend = await startBackend({ dataDir: env.DATA_DIR, clientId, clientSecret });
  Object.assign(process.env, { API_URL: backend.url, IDENTITY_URL: backend.url, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret });
  logger.info({ url: backend.url, dataDir: env.DATA_DIR }, "embedded backend started");
  return backend;
}

const backend = env.API_URL ? null : await startEmbeddedBackend();
/** Which API this instance talks to: said at start-up and in /readyz. */
const apiMode = backend ? "embedded stand-in backend (demo content)" : "external";
logger.info({ api: apiMode, apiUrl: env.API_URL ?? backend?.url }, `API: ${apiMode}`);

async function importBuild(): Promise<ServerBuild> {
  // A query string makes Node import the fresh build after `remix dev` rewrites it.
  return import(`${pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`);
}

let build = await importBuild();

/** What the build's entry.server exports besides the request handler. */
interface AppEntry {
  checkReadiness(): Promise<{ ready: boolean; checks: Record<string, boolean> }>;
  stopOutbox(): Promise<void>;
  configurePageCache(seconds: number): void;
  keptPage(
    method: string,
    url: string,
    visitor: { cookie?: string; "accept-language"?: string },
    nonce: string,
  ): Promise<{ headers: [string, string][]; body: string } | null>;
}
const appEntry = () => build.entry.module as unknown as AppEntry;
// While developing, every render should show the code just saved.
appEntry().configurePageCache(dev ? 0 : env.PAGE_CACHE_SECONDS);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env.TRUST_PROXY);

// Order matters: ids and logs first, so every later line carries the request id.
app.use(requestLog());
// Then what no route can answer (odd methods, targets and hosts), and the body caps, for every route.
app.use(checkRequestTarget);
// An honest form is under 40 KB (5,000 Arabic characters percent-encoded): 128 KB leaves room and
// keeps each crafted post's cost small.
app.use(bodyLimit({ formBytes: 128 * 1024, multipartBytes: 12 * 1024 * 1024, takesUploads: (path) => routeAtUrlPath(path)?.route.file === "pages/career.tsx" }));
app.use(measureRequests);
// gzip: pages, data requests and translations are all text.
app.use(compression());
// Page views may go to the analytics origin only when analytics is configured at all.
const analyticsOrigin = env.GA_MEASUREMENT_ID ? new URL(env.ANALYTICS_ORIGIN).origin : null;
app.use(cspNonce, ...securityHeaders({ analyticsOrigin, dev }));

// Liveness: answers while the process can serve at all.
app.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});
// Readiness: pages can be rendered (API up or cache warm) and leads accepted (outbox writable).
app.get("/readyz", async (_req, res) => {
  if (shutdown.stopping) return void res.status(503).json({ ready: false, stopping: true });
  const readiness = await appEntry().checkReadiness();
  res.status(readiness.ready ? 200 : 503).json({ ...readiness, api: backend ? "embedded" : "external" });
});
app.get("/metrics", metricsWithToken(env.METRICS_TOKEN));

// Fingerprinted by the Remix compiler, so they can be cached forever.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
// Translations change with deploys but keep their names: cache briefly (the client adds the build version).
app.use("/locales", express.static("locales", { maxAge: dev ? 0 : "1h", index: false }));
app.use(express.static("public", { maxAge: "1h", index: false }));
// A missing asset is a 404 here, not a page render.
app.use(["/build", "/locales", "/images", "/media", "/flags"], (_req, res) => {
  res.status(404).type("text/plain").send("Not found");
});

app.use(rateLimits({ perMinute: env.RATE_LIMIT_PER_MINUTE, postsPerMinute: env.RATE_LIMIT_POSTS_PER_MINUTE }));

// A first-time visitor gets the page another one was served seconds ago (app/lib/page-cache.server.ts).
app.get("*", async (req, res, next) => {
  try {
    const page = await appEntry().keptPage(req.method, req.originalUrl, req.headers, res.locals.cspNonce);
    if (!page) return next();
    for (const [name, value] of page.headers) res.append(name, value);
    res.setHeader("X-Page-Cache", "hit");
    res.status(200).end(page.body);
  } catch (error) {
    next(error);
  }
});

// One handler per build: creating it compiles the whole route tree, far too costly per request.
const handlerFor = (current: ServerBuild) => remixHandler(current, env.SITE_URL, (res) => ({ cspNonce: res.locals.cspNonce }));
let handler = handlerFor(build);
app.all("*", (req, res, next) => handler(req, res, next));

// Whatever still throws: one JSON log line, and a short page without a stack trace.
app.use(((error, req, res, _next) => {
  logger.error({ err: error, method: req.method, path: req.path }, "request failed");
  if (res.headersSent) return void res.destroy();
  res.status(500).type("text/plain").send("Internal Server Error");
}) as ErrorRequestHandler);

const server = createServer(serverTimeouts, app);
server.listen(env.PORT, () => {
  logger.info({ port: env.PORT }, `Site listening on http://localhost:${env.PORT}`);
  if (dev) broadcastDevReady(build);
});
// Idle sockets (connected, sending nothing) are dropped as well (timeouts.server.ts).
closeIdleSockets(server, serverTimeouts.idleTimeout);

if (env.METRICS_PORT) {
  // Metrics for the scraper on their own port, on METRICS_HOST (loopback unless told otherwise).
  const metricsApp = express();
  metricsApp.disable("x-powered-by");
  metricsApp.get("/metrics", metricsEndpoint);
  metricsApp.listen(env.METRICS_PORT, env.METRICS_HOST, () => logger.info({ port: env.METRICS_PORT, host: env.METRICS_HOST }, "metrics listening"));
}

const shutdown = gracefulShutdown(server, {
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  async cleanup() {
    // No request is in flight now: what the outbox holds stays consistent for the next start.
    await appEntry().stopOutbox();
    await backend?.close();
  },
});

if (dev) {
  // `remix dev --manual` rewrites build/version.txt after each rebuild.
  watch(BUILD_DIR, async (_event, file) => {
    if (file !== "version.txt") return;
    const previous = appEntry();
    build = await importBuild();
    // The fresh build is a fresh module: one outbox at a time, and still no page cache.
    await previous.stopOutbox();
    appEntry().configurePageCache(0);
    handler = handlerFor(build);
    broadcastDevReady(build);
  });
}
