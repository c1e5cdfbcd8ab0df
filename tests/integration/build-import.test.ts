import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { expect, onTestFinished, test } from "vitest";
import { startBackend } from "../../backend/index";
import { parseEnv } from "../../app/lib/platform/env.server";
import { createLogger } from "../../app/lib/platform/logger.server";
import { configFrom } from "../../app/lib/platform/config.server";
import { createServices } from "../../app/lib/platform/services.server";
import { tempDir } from "../support/processes";

const run = promisify(execFile);

/*
 * The build (build/index.js: the routes, the request handler's entry and server.ts's startSite, one
 * bundle, ADR 034) starts nothing when it is imported: startSite makes the outbox, the caches and
 * the API client and hands them in through the load context (docs/decisions/012), and only
 * build/server.js calls it. So a tool or a test that loads the build for its routes does not open the
 * lead outbox or start delivering leads behind the server's back.
 */
test("loading the build opens no outbox, starts no delivery and leaves the process free to exit", async () => {
  const dataDir = tempDir("remed-import-");
  const script = `const build = await import("./build/index.js");
console.log(JSON.stringify({ entry: Object.keys(build.entry.module).sort(), handles: process.getActiveResourcesInfo().filter((r) => !["CloseReq", "PipeWrap", "TTYWrap"].includes(r)) }));`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
    // A configured API: the outbox used to start on import whenever one was set.
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir, API_URL: "http://127.0.0.1:9", CLIENT_ID: "site", CLIENT_SECRET: "secret" },
    timeout: 20_000,
  });
  // Timers, sockets, files: anything the import left running besides this process's own output pipes.
  const loaded = JSON.parse(stdout.trim().split("\n").pop()!) as { entry: string[]; handles: string[] };
  // Only what Remix itself calls: nothing for server.ts to reach into.
  expect(loaded.entry).toEqual(["default", "handleDataRequest", "handleError", "streamTimeout"]);
  expect(loaded.handles).toEqual([]);
  expect(readdirSync(dataDir)).toEqual([]);
});

/*
 * An error reporter, a tracing layer or any middleware around Remix's request handler may answer
 * with a Response rebuilt from the one it got (`new Response(response.body, response)`). The page
 * must be in the Response's own body to survive that: a body carried beside it under a private key
 * was dropped, and the visitor got a 200 with nothing in it. Rendered here as `/readyz` renders a
 * page: the build's own request handler with the services server.ts makes.
 */
test("a layer that rebuilds the Remix handler's Response, as an error reporter does, still answers the whole page", async () => {
  const dataDir = tempDir("remed-rebuilt-");
  const credentials = { clientId: "rebuilt-site", clientSecret: "rebuilt-secret-0123456789abcdef" };
  const backend = await startBackend({ dataDir, ...credentials });
  const env = parseEnv({ NODE_ENV: "production", EMBEDDED_BACKEND: "1", DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  const services = await createServices(
    env,
    configFrom(env),
    { apiUrl: backend.url, identityUrl: backend.url, ...credentials },
    createLogger(undefined, "warn"),
  );
  onTestFinished(async () => {
    await services.close();
    await backend.close();
  });
  const build: ServerBuild = await import(pathToFileURL("build/index.js").href);
  const handler = createRequestHandler(build, build.mode);
  const reporting: typeof handler = async (request, context) => {
    const response = await handler(request, context);
    return new Response(response.body, response);
  };
  const response = await reporting(new Request("http://localhost/en"), { ...services.forRequest("bm9uY2U=").context, crossSite: false, refusal: null });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toMatch(/^<!DOCTYPE html><html lang="en"[\s\S]*<footer class="site-footer">[\s\S]*<\/body><\/html>$/);
  expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(html));
});
