import { existsSync, watch } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { config } from "./app/config.server";

// Native fetch, FormData and File: form uploads later rely on Node's own File.
installGlobals({ nativeFetch: true });

const BUILD_DIR = path.resolve("build");
const BUILD_PATH = path.join(BUILD_DIR, "index.js");
const dev = config.NODE_ENV === "development";

async function importBuild(): Promise<ServerBuild> {
  // A query string makes Node import the fresh build after `remix dev` rewrites it.
  return import(`${pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`);
}

if (!existsSync(BUILD_PATH)) {
  console.error(`No build at ${BUILD_PATH}: run "npm run build" first.`);
  process.exit(1);
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
app.use(["/build", "/locales", "/images"], (_req, res) => {
  res.status(404).type("text/plain").send("Not found");
});

app.all("*", (req, res, next) =>
  createRequestHandler({ build, mode: build.mode })(req, res, next),
);

const server = app.listen(config.PORT, () => {
  console.log(`Site listening on http://localhost:${config.PORT}`);
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
  process.on(signal, () => server.close(() => process.exit(0)));
}
