import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, watch } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { parseEnv, type Env } from "./app/lib/env.server";

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

const BUILD_DIR = path.resolve("build");
const BUILD_PATH = path.join(BUILD_DIR, "index.js");
const dev = env.NODE_ENV === "development";

if (!existsSync(BUILD_PATH)) {
  console.error(`No build at ${BUILD_PATH}: run "npm run build" first.`);
  process.exit(1);
}

/**
 * The embedded default: without API_URL the backend runs in this process on 127.0.0.1 with
 * credentials made now, and the app's client is pointed at it before the app loads.
 */
async function startEmbeddedBackend() {
  const { startBackend } = await import("./backend/index");
  const clientId = `site-${randomUUID()}`;
  const clientSecret = randomBytes(32).toString("base64url");
  const backend = await startBackend({ dataDir: env.DATA_DIR, clientId, clientSecret });
  Object.assign(process.env, { API_URL: backend.url, IDENTITY_URL: backend.url, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret });
  console.log(`Embedded backend on ${backend.url} (data in ${env.DATA_DIR})`);
  return backend;
}

const backend = env.API_URL ? null : await startEmbeddedBackend();

async function importBuild(): Promise<ServerBuild> {
  // A query string makes Node import the fresh build after `remix dev` rewrites it.
  return import(`${pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`);
}

let build = await importBuild();

const app = express();
app.disable("x-powered-by");
app.use(compression());

// Liveness: answers while the process can serve at all.
app.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});

// Fingerprinted by the Remix compiler, so they can be cached forever.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
// Translations change with deploys but keep their names: cache briefly (the client adds the build version).
app.use("/locales", express.static("locales", { maxAge: "1h", index: false }));
app.use(express.static("public", { maxAge: "1h", index: false }));
// A missing asset is a 404 here, not a page render.
app.use(["/build", "/locales", "/images", "/media", "/flags"], (_req, res) => {
  res.status(404).type("text/plain").send("Not found");
});

app.all("*", (req, res, next) => createRequestHandler({ build, mode: build.mode })(req, res, next));

const server = app.listen(env.PORT, () => {
  console.log(`Site listening on http://localhost:${env.PORT}`);
  if (dev) broadcastDevReady(build);
});

if (dev) {
  // `remix dev --manual` rewrites build/version.txt after each rebuild.
  watch(BUILD_DIR, async (_event, file) => {
    if (file !== "version.txt") return;
    build = await importBuild();
    broadcastDevReady(build);
  });
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () =>
    server.close(async () => {
      await backend?.close();
      process.exit(0);
    }),
  );
}
