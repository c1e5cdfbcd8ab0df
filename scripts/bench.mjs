// npm run bench: requests per second, p50 and p99, HTML and JavaScript gzip sizes for home, a
// treatment detail and the blog list, against the production build with the embedded backend;
// a bare Remix page measured in the same run as the baseline; layout shift on home in Chromium.
// Goals (issue #4): home JS <= 100 KB gzip; home and treatment detail >= 80% of the bare page's
// requests per second; home layout shift 0. Issue #11: in the 5,000-post attack run every answer
// within 2 s and RSS growth under 100 MB. Exits 1 when a goal is missed. Pages are measured as a
// first-time visitor gets them (no cookie) and, for information, rendered per request (a cookie).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { chromium } from "@playwright/test";
import { buildBareApp } from "./bench/bare-app.mjs";
import { fuzzFigures } from "./bench/fuzz.mjs";
import { productionNodeOptions } from "./production-node-options.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAGES = { home: "/en", "treatment detail": "/en/treatments/hair-transplant/1", "blog list": "/en/blog" };

const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

async function start(args, cwd, env, readyPath) {
  const port = await freePort();
  const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, ...env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url + readyPath)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${args.join(" ")} did not start`);
}

/** Bytes on the wire with gzip, as a browser would receive them. */
function gzipBytes(url) {
  return new Promise((done, fail) => {
    request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let n = 0;
      res.on("data", (d) => (n += d.length));
      res.on("end", () => done(n));
    })
      .on("error", fail)
      .end();
  });
}

/** The JavaScript a page loads: its modulepreloads and module scripts. */
async function jsBytes(base, path) {
  const html = await (await fetch(base + encodeURI(path))).text();
  const files = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]));
  const sizes = await Promise.all([...files].map((f) => gzipBytes(base + f)));
  return { files: files.size, bytes: sizes.reduce((a, b) => a + b, 0) };
}

async function load(url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

async function layoutShift(base, path) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const results = {};
  for (const [name, options] of Object.entries({ desktop: { viewport: { width: 1366, height: 900 } }, phone: { viewport: { width: 390, height: 844 }, isMobile: true } })) {
    const page = await (await browser.newContext(options)).newPage();
    await page.goto(base + encodeURI(path), { waitUntil: "load" });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(1000);
    results[name] = await page.evaluate(
      () =>
        new Promise((done) => {
          let cls = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) if (!e.hadRecentInput) cls += e.value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => done(cls), 300);
        }),
    );
  }
  await browser.close();
  return results;
}

const root = resolve(".");
const bareDir = mkdtempSync(join(root, ".bench-"));
const dataDir = mkdtempSync("/tmp/remed-bench-");
const servers = [];
try {
  console.log(`Building a bare Remix page for the baseline…`);
  buildBareApp(bareDir);
  const bare = await start(["server.mjs"], bareDir, { NODE_ENV: "production" }, "/");
  servers.push(bare.child);
  const site = await start([...productionNodeOptions(), "build/server.js"], root, { NODE_ENV: "production", EMBEDDED_BACKEND: "1", DATA_DIR: dataDir, LOG_LEVEL: "error", RATE_LIMIT_PER_MINUTE: "100000000", SITE_URL: "http://localhost" }, "/readyz");
  servers.push(site.child);
  // Warm both (caches, JIT) before measuring.
  for (const path of [...Object.values(PAGES)]) {
    await autocannon({ url: site.url + encodeURI(path), connections: 4, amount: 200 });
    await autocannon({ url: site.url + encodeURI(path), connections: 4, amount: 200, headers: { cookie: "bench=1" } });
  }
  await autocannon({ url: bare.url + "/", connections: 4, amount: 200 });

  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per page\n`);
  const baseline = await load(bare.url + "/");
  const rows = [{ page: "bare Remix page", ...baseline, html: await gzipBytes(bare.url + "/"), js: await jsBytes(bare.url, "/") }];
  for (const [page, path] of Object.entries(PAGES)) {
    rows.push({ page, path, ...(await load(site.url + encodeURI(path))), html: await gzipBytes(site.url + encodeURI(path)), js: await jsBytes(site.url, path) });
  }
  // First-time visitors share pages kept for PAGE_CACHE_SECONDS (ADR 009). A visitor with any other
  // cookie gets a page rendered for them: measured too, so the cost of a render stays visible.
  for (const [page, path] of Object.entries(PAGES)) {
    const rendered = await load(site.url + encodeURI(path), { cookie: "bench=1" });
    // Same page, same bytes: only the time to answer differs.
    const { html, js } = rows.find((r) => r.path === path);
    rows.push({ page: `${page}, rendered`, path, ...rendered, html, js });
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.table(
    rows.map((r) => ({
      page: r.page,
      "req/s": Math.round(r.rps),
      "vs bare": `${Math.round((r.rps / baseline.rps) * 100)}%`,
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "HTML gzip": kb(r.html),
      "JS gzip": `${kb(r.js.bytes)} (${r.js.files} files)`,
      "non-2xx": r.non2xx + r.errors,
    })),
  );
  const cls = await layoutShift(site.url, PAGES.home);
  console.log(`Layout shift on home: desktop ${cls.desktop.toFixed(4)}, phone ${cls.phone.toFixed(4)}`);

  // Alone on the machine: the site under test is stopped first.
  for (const child of servers) child.kill("SIGTERM");
  const fuzz = fuzzFigures();
  console.log(`Attack run: ${fuzz.sent} posts (seed ${fuzz.seed}), statuses ${JSON.stringify(fuzz.byStatus)}, slowest answer ${fuzz.maxAnswerMs} ms, RSS ${fuzz.rssStartMB} → ${fuzz.rssMaxMB} MB`);

  const home = rows.find((r) => r.page === "home");
  const detail = rows.find((r) => r.page === "treatment detail");
  const goals = [
    [`home JavaScript ${kb(home.js.bytes)} <= 100 KB gzip`, home.js.bytes <= 100 * 1024],
    [`home ${Math.round((home.rps / baseline.rps) * 100)}% of the bare page's req/s >= 80%`, home.rps >= 0.8 * baseline.rps],
    [`treatment detail ${Math.round((detail.rps / baseline.rps) * 100)}% of the bare page's req/s >= 80%`, detail.rps >= 0.8 * baseline.rps],
    [`home layout shift 0 (desktop and phone)`, cls.desktop === 0 && cls.phone === 0],
    [`no failed requests`, rows.every((r) => r.non2xx + r.errors === 0)],
    [`attack run: its test passed (no 5xx, all answered, leads delivered once)`, fuzz.testPassed],
    [`attack run: slowest answer ${fuzz.maxAnswerMs} ms <= 2000 ms`, fuzz.maxAnswerMs <= 2000],
    [`attack run: RSS growth ${fuzz.rssMaxMB - fuzz.rssStartMB} MB < 100 MB`, fuzz.rssMaxMB - fuzz.rssStartMB < 100],
  ];
  console.log("");
  for (const [text, ok] of goals) console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  process.exitCode = goals.every(([, ok]) => ok) ? 0 : 1;
} finally {
  for (const child of servers) child.kill("SIGTERM");
  rmSync(bareDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
