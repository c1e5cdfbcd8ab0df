import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { promisify } from "node:util";
import { expect, test } from "vitest";
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
