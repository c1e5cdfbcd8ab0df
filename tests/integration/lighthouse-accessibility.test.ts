import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// Lighthouse's accessibility category on the pages #17 names, as a phone visitor meets them
// (Lighthouse's default mobile settings), in Debian's Chromium. The score is Lighthouse's own;
// a failure lists the audits that cost points and where.
let site: Proc;
let chrome: LaunchedChrome;
beforeAll(async () => {
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    { PORT: String(port), DATA_DIR: tempDir("remed-lighthouse-"), RATE_LIMIT_PER_MINUTE: "100000", LOG_LEVEL: "warn" },
    `http://127.0.0.1:${port}/healthz`,
  );
  chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
}, 60_000);
afterAll(async () => {
  chrome?.kill();
  await site?.stop();
});

const PAGES = ["/en", "/ar", "/en/treatments/hair-transplant/1", "/en/blog", "/en/get-an-offer"];

for (const path of PAGES) {
  test(`accessibility is 100 on ${path}`, async () => {
    // Without the full-page screenshot Lighthouse takes for its report's thumbnails of the nodes it names: no
    // audit reads it, and it lays the page out at its full height and loads every lazy image first.
    const flags = {
      port: chrome.port,
      onlyCategories: ["accessibility"],
      output: "json" as const,
      logLevel: "error" as const,
      disableFullPageScreenshot: true,
    };
    const result = await lighthouse(site.url + path, flags);
    const lhr = result!.lhr;
    expect(lhr.runtimeError, lhr.runtimeError?.message).toBeUndefined();
    const lost = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map(
        (audit) =>
          `${audit.id}: ${JSON.stringify((audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items?.map((i) => i.node?.snippet) ?? [])}`,
      );
    expect({ score: lhr.categories.accessibility.score, lost }).toEqual({ score: 1, lost: [] });
  });
}
