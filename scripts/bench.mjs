// npm run bench (after npm run build): the speed and size goals of issues #4, #11, #36 and #37, measured
// side by side in one run against the production build with the embedded backend, each printed as
// PASS or FAIL; exits 1 when one is missed. Measure on a quiet machine: other work moves every figure.
//
// - Requests per second, p50 and p99 (autocannon, BENCH_CONNECTIONS=16, BENCH_SECONDS=10 each),
//   every figure paired with a bare Remix page measured in slices taking turns with it (scripts/bench/load.mjs):
//   first-time visitors (no cookie) and returning visitors (the consent cookie the banner gives)
//   on home, a treatment detail and the blog list; the offer form as both get it (kept, with each
//   visitor's own form token swapped in); home and the offer form rendered for every request, with
//   the page cache off (PAGE_CACHE_SECONDS=0): how a page the page cache cannot serve is served.
// - JavaScript (gzip and brotli) per page, and HTML size.
// - Resident memory after 20,000 mixed requests (scripts/bench/memory.mjs).
// - Lighthouse mobile on home (en, ar), a treatment detail, the blog list and the offer form, the
//   median of three runs each, with nothing else running (scripts/bench/lighthouse.mjs).
// - Layout shift on home after scrolling, desktop and phone, in Chromium.
// - Several instances (#40): leads accepted per second with the outbox in PostgreSQL against SQLite,
//   and first-time visitors' req/s with the rate limits counted in Redis (scripts/bench/shared-engines.mjs).
// - The inbox's search on 50,000 leads in the embedded backend (#41, scripts/bench/inbox-search.mjs).
// - First-party analytics (#42, scripts/bench/analytics.mjs): views ingested per second, the active-users
//   figures over a million views, the downloads and browser errors pages over a million of each, and
//   100,000 forged views from as many addresses held at the daily cap.
// - The attack run of issue #11, and the hostile requests of issue #36 on every route that takes a
//   post (scripts/bench/fuzz.mjs).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { buildBareApp } from "./bench/bare-app.mjs";
import { fuzzFigures, hostileFigures } from "./bench/fuzz.mjs";
import { analyticsFigures } from "./bench/analytics.mjs";
import { inboxSearchFigures } from "./bench/inbox-search.mjs";
import { lighthouseFigures } from "./bench/lighthouse.mjs";
import { loadSettings, paired, warm } from "./bench/load.mjs";
import { memoryFigures } from "./bench/memory.mjs";
import { sharedEngineFigures } from "./bench/shared-engines.mjs";
import { productionNodeOptions } from "./production-node-options.mjs";

const PAGES = { home: "/en", "treatment detail": "/en/treatments/hair-transplant/1", "blog list": "/en/blog" };
const OFFER = "/en/get-an-offer";
const LIGHTHOUSE_PAGES = ["/en", "/ar", PAGES["treatment detail"], PAGES["blog list"], OFFER];
/** Every page type in several languages, unknown paths and form pages, for the memory run. */
const MIXED = [
  "/",
  "/en",
  "/ar",
  "/tr/tedaviler",
  "/en/treatments/hair-transplant/1",
  "/ru/blog",
  "/en/blog/2",
  "/fr/chirurgiens",
  "/en/special-deals",
  "/ar/get-an-offer",
  "/en/get-an-offer",
  "/en/contact",
  "/en/no-such-page",
  "/sitemap.xml",
];

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

/** Bytes on the wire with gzip (or the given encoding), as a browser would receive them. */
function wireBytes(url, encoding = "gzip") {
  return new Promise((done, fail) => {
    request(url, { headers: { "accept-encoding": encoding } }, (res) => {
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
  const sum = (sizes) => sizes.reduce((a, b) => a + b, 0);
  const gzip = sum(await Promise.all([...files].map((f) => wireBytes(base + f))));
  // What Chromium is sent: the brotli files written at build time.
  const brotli = sum(await Promise.all([...files].map((f) => wireBytes(base + f, "br"))));
  return { files: files.size, bytes: gzip, brotli };
}

/** The consent cookie a visitor gets by accepting the banner. */
async function consentCookie(base) {
  const res = await fetch(base + "/consent", {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=accept&redirectTo=/en",
    redirect: "manual",
  });
  return res.headers.getSetCookie()[0].split(";")[0];
}

async function layoutShift(base, path) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const results = {};
  for (const [name, options] of Object.entries({
    desktop: { viewport: { width: 1366, height: 900 } },
    phone: { viewport: { width: 390, height: 844 }, isMobile: true },
  })) {
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
// `npm run dev` leaves a development build in build/, whose pages all fail under the production
// server ("jsxDEV is not a function"): the figures would be of error pages.
if (!/^var mode = "production"/m.test(readFileSync(join(root, "build/index.js"), "utf8"))) {
  console.error('build/ holds no production build (after "npm run dev" it holds a development one): run "npm run build" first.');
  process.exit(1);
}
const bareDir = mkdtempSync(join(root, ".bench-"));
const dataDirs = [mkdtempSync("/tmp/remed-bench-"), mkdtempSync("/tmp/remed-bench-uncached-"), mkdtempSync("/tmp/remed-bench-memory-")];
const newDataDir = () => (dataDirs.push(mkdtempSync("/tmp/remed-bench-shared-")), dataDirs.at(-1));
const servers = [];
const stop = (server) => server.child.kill("SIGTERM");
try {
  console.log(`Building a bare Remix page for the baseline…`);
  buildBareApp(bareDir);
  const siteEnv = {
    NODE_ENV: "production",
    EMBEDDED_BACKEND: "1",
    LOG_LEVEL: "error",
    RATE_LIMIT_PER_MINUTE: "100000000",
    RATE_LIMIT_POSTS_PER_MINUTE: "100000",
    SITE_URL: "http://localhost",
  };
  const bare = await start(["server.mjs"], bareDir, { NODE_ENV: "production" }, "/");
  const site = await start([...productionNodeOptions(), "build/server.js"], root, { ...siteEnv, DATA_DIR: dataDirs[0] }, "/readyz");
  // The page cache off: every request renders its whole page, as a page the cache cannot serve (a
  // form, a visitor with a toast) is served. Only the content cache (the API's answers) stays.
  const uncached = await start(
    [...productionNodeOptions(), "build/server.js"],
    root,
    { ...siteEnv, DATA_DIR: dataDirs[1], PAGE_CACHE_SECONDS: "0" },
    "/readyz",
  );
  servers.push(bare, site, uncached);
  const returning = { cookie: await consentCookie(site.url) };
  for (const path of [...Object.values(PAGES), OFFER]) {
    for (const headers of [{}, returning]) await warm(site.url + encodeURI(path), headers);
  }
  for (const path of [PAGES.home, OFFER]) await warm(uncached.url + encodeURI(path), returning);
  await warm(bare.url + "/");

  console.log(
    `autocannon: ${loadSettings.connections} connections, ${loadSettings.duration} s per figure, in ${loadSettings.slices} slices taking turns with the bare page's\n`,
  );
  const rows = [];
  for (const [page, path] of Object.entries(PAGES)) rows.push({ page, visitor: "first-time", ...(await paired(bare.url + "/", site.url + encodeURI(path))) });
  for (const [page, path] of Object.entries(PAGES))
    rows.push({ page, visitor: "returning", ...(await paired(bare.url + "/", site.url + encodeURI(path), returning)) });
  // The offer form as visitors get it: kept like any page, each answer with the visitor's own form token and stamp.
  for (const [visitor, headers] of [
    ["first-time", {}],
    ["returning", returning],
  ])
    rows.push({ page: "offer form", visitor, ...(await paired(bare.url + "/", site.url + OFFER, headers)) });
  for (const [page, path] of [
    ["home", PAGES.home],
    ["offer form", OFFER],
  ])
    rows.push({ page, visitor: "rendered, page cache off", ...(await paired(bare.url + "/", uncached.url + path, returning)) });
  stop(uncached);
  console.table(
    rows.map((r) => ({
      page: r.page,
      visitor: r.visitor,
      "req/s": Math.round(r.rps),
      "bare req/s": Math.round(r.bare.rps),
      "vs bare": r.ratio.toFixed(2),
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "bare p99": r.bare.p99,
      failed: r.failed,
    })),
  );

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const sizes = {};
  for (const path of [...Object.values(PAGES), OFFER]) sizes[path] = { html: await wireBytes(site.url + encodeURI(path)), js: await jsBytes(site.url, path) };
  console.table(
    Object.entries(sizes).map(([path, s]) => ({
      path,
      "HTML gzip": kb(s.html),
      "JS gzip": `${kb(s.js.bytes)} (${s.js.files} files)`,
      "JS brotli": kb(s.js.brotli),
    })),
  );

  // A process of its own, so the figure does not depend on how long the load runs above were.
  const fresh = await start([...productionNodeOptions(), "build/server.js"], root, { ...siteEnv, DATA_DIR: dataDirs[2] }, "/readyz");
  servers.push(fresh);
  const memory = await memoryFigures(fresh.url, fresh.child.pid, { paths: MIXED, consentCookie: returning.cookie });
  stop(fresh);
  console.log(`Memory: ${memory.requests} mixed requests (${memory.failed} failed), RSS ${memory.rssStartMB} → ${memory.rssEndMB} MB\n`);

  // Several instances' engines (#40): sites of their own, while the others idle.
  const shared = await sharedEngineFigures((env) =>
    start([...productionNodeOptions(), "build/server.js"], root, { ...siteEnv, FORM_MIN_FILL_SECONDS: "0", DATA_DIR: newDataDir(), ...env }, "/readyz"),
  );
  console.log(
    `Leads accepted per second (${shared.leads.sent} each, 8 at a time): SQLite outbox ${shared.leads.sqlite.toFixed(1)}, PostgreSQL outbox ${shared.leads.postgres.toFixed(1)} (${shared.leads.ratio.toFixed(2)}×)`,
  );
  console.log(
    `First-time visitors on home: rate limits in the process ${Math.round(shared.home.bare.rps)} req/s, in Redis ${Math.round(shared.home.rps)} req/s (${shared.home.ratio.toFixed(2)}×), p99 ${shared.home.bare.p99} / ${shared.home.p99} ms\n`,
  );

  // The inbox's search (#41) in an embedded backend of its own, while the sites idle.
  const search = await inboxSearchFigures(root);
  console.table(Object.entries(search.bySearch).map(([q, s]) => ({ search: q, found: s.found, "median ms": s.medianMs })));
  // First-party analytics (#42): an embedded backend and a site of their own, while the others idle.
  const analytics = await analyticsFigures(root);
  console.log(
    `Analytics: ${analytics.ingest.httpPerSecond} views/s over HTTP, ${analytics.ingest.storePerSecond} into the store, ${analytics.ingest.megabytes} MB for ${analytics.events.toLocaleString("en")}, ${analytics.ingest.formEventsPerSecond} form events/s and ${analytics.ingest.formEventsMegabytes} MB more for as many; pages ${JSON.stringify(analytics.query)}; downloads and errors ${JSON.stringify(analytics.others)}; flood ${JSON.stringify(analytics.flood)}\n`,
  );

  // Alone on the machine: Lighthouse's phone is simulated from the trace of a real load.
  stop(bare);
  const lighthouse = await lighthouseFigures(site.url, LIGHTHOUSE_PAGES);
  console.table(
    Object.entries(lighthouse).map(([path, f]) => ({
      path,
      performance: f.performance,
      runs: f.scores.join(" "),
      accessibility: f.accessibility,
      "FCP ms": f.fcp,
      "LCP ms": f.lcp,
      "TBT ms": f.tbt,
      CLS: f.cls.toFixed(3),
    })),
  );
  const cls = await layoutShift(site.url, PAGES.home);
  console.log(`Layout shift on home after scrolling (Chromium): desktop ${cls.desktop.toFixed(4)}, phone ${cls.phone.toFixed(4)}`);

  stop(site);
  const fuzz = fuzzFigures();
  console.log(
    `Attack run: ${fuzz.sent} posts (seed ${fuzz.seed}), statuses ${JSON.stringify(fuzz.byStatus)}, slowest answer ${fuzz.maxAnswerMs} ms, RSS ${fuzz.rssStartMB} → ${fuzz.rssMaxMB} MB`,
  );
  const hostile = hostileFigures();
  const serverErrors = Object.entries(hostile.byStatus ?? {})
    .filter(([status]) => Number(status) >= 500)
    .reduce((n, [, count]) => n + count, 0);
  console.log(
    `Hostile requests: ${hostile.sent} to ${hostile.routes} routes, statuses ${JSON.stringify(hostile.byStatus)}, 5xx: ${serverErrors}, slowest answer ${hostile.maxAnswerMs} ms, RSS ${hostile.rssStartMB} → ${hostile.rssMaxMB} MB`,
  );
  console.table(Object.entries(hostile.byKind ?? {}).map(([kind, requests]) => ({ class: kind, requests, "slowest ms": hostile.slowestMsByKind[kind] })));
  console.log(`A 7,000-segment path: ${hostile.absurdPathMs} ms; /healthz sent beside it: ${hostile.healthzBesideItMs} ms`);

  const row = (visitor, page) => rows.find((r) => r.visitor === visitor && r.page === page);
  const goals = [];
  // #37's floors: what visitors feel (the page cache on) at least 0.8× a bare Remix page, p99 at most 2×.
  for (const visitor of ["first-time", "returning"]) {
    for (const page of Object.keys(PAGES)) {
      const r = row(visitor, page);
      goals.push([`${visitor} visitors, ${page}: ${r.ratio.toFixed(2)}× the bare page's req/s >= 0.8×`, r.ratio >= 0.8]);
      goals.push([`${visitor} visitors, ${page}: p99 ${r.p99} ms <= 2× the bare page's (${r.bare.p99} ms)`, r.p99 <= 2 * Math.max(r.bare.p99, 1)]);
    }
    const offer = row(visitor, "offer form");
    goals.push([`${visitor} visitors, the offer form: ${offer.ratio.toFixed(2)}× the bare page's req/s >= 0.4×`, offer.ratio >= 0.4]);
  }
  // Rendered for every request (the page cache off): about the levels measured before ADRs 020-028 (#37).
  const rawHome = row("rendered, page cache off", "home");
  goals.push([`home rendered, page cache off: ${rawHome.ratio.toFixed(3)}× the bare page's req/s >= 0.05×`, rawHome.ratio >= 0.05]);
  const rawOffer = row("rendered, page cache off", "offer form");
  goals.push([`the offer form rendered, page cache off: ${rawOffer.ratio.toFixed(3)}× the bare page's req/s >= 0.04×`, rawOffer.ratio >= 0.04]);
  goals.push([`home JavaScript ${kb(sizes[PAGES.home].js.bytes)} <= 120 KB gzip`, sizes[PAGES.home].js.bytes <= 120 * 1024]);
  for (const [path, f] of Object.entries(lighthouse)) {
    goals.push([
      `Lighthouse mobile ${path}: performance ${f.performance} >= 95, TBT ${f.tbt} ms <= 200 ms, accessibility ${f.accessibility} = 100, layout shift ${f.cls.toFixed(3)} = 0`,
      f.performance >= 95 && f.tbt <= 200 && f.accessibility === 100 && f.cls === 0,
    ]);
  }
  goals.push([`home layout shift after scrolling 0 (desktop and phone)`, cls.desktop === 0 && cls.phone === 0]);
  goals.push([
    `memory: RSS ${memory.rssEndMB} MB <= 300 MB after ${memory.requests} mixed requests, none failed`,
    memory.rssEndMB <= 300 && memory.failed === 0,
  ]);
  goals.push([`no failed requests under load`, rows.every((r) => r.failed + r.bare.failed === 0)]);
  goals.push([
    `leads accepted per second with the outbox in PostgreSQL: ${shared.leads.ratio.toFixed(2)}× the SQLite outbox's >= 0.8×, every lead accepted`,
    shared.leads.ratio >= 0.8 && shared.leads.allAccepted,
  ]);
  goals.push([
    `first-time visitors on home with REDIS_URL (rate limits counted in Redis): ${shared.home.ratio.toFixed(2)}× without >= 0.9×, none failed`,
    shared.home.ratio >= 0.9 && shared.home.failed + shared.home.bare.failed === 0,
  ]);
  goals.push([`inbox search on ${search.leads.toLocaleString("en")} leads: ${search.slowestMs} ms <= 200 ms`, search.slowestMs <= 200]);
  goals.push([`active users over ${analytics.events.toLocaleString("en")} views: ${analytics.slowestMs} ms < 500 ms`, analytics.slowestMs < 500]);
  goals.push([`downloads page over ${analytics.events.toLocaleString("en")} downloads: ${analytics.downloadsMs} ms < 500 ms`, analytics.downloadsMs < 500]);
  goals.push([`browser errors page over ${analytics.events.toLocaleString("en")} reports: ${analytics.errorsMs} ms < 500 ms`, analytics.errorsMs < 500]);
  goals.push([`form funnels page over ${analytics.events.toLocaleString("en")} form events: ${analytics.formsMs} ms < 500 ms`, analytics.formsMs < 500]);
  goals.push([`patients' visits page over ${analytics.events.toLocaleString("en")} views: ${analytics.customersMs} ms < 500 ms`, analytics.customersMs < 500]);
  goals.push([
    `${analytics.flood.sent.toLocaleString("en")} forged views from as many addresses: ${analytics.flood.stored.toLocaleString("en")} stored <= the cap of ${analytics.flood.cap.toLocaleString("en")}, the file grew ${analytics.flood.grewBytes} bytes after it, the site answered ${analytics.flood.homeStatus}`,
    analytics.flood.stored <= analytics.flood.cap && analytics.flood.grewBytes === 0 && analytics.flood.homeStatus === 200,
  ]);
  goals.push([`attack run: its test passed (no 5xx, all answered, leads delivered once)`, fuzz.testPassed]);
  goals.push([`attack run: slowest answer ${fuzz.maxAnswerMs} ms <= 2000 ms`, fuzz.maxAnswerMs <= 2000]);
  goals.push([`attack run: RSS growth ${fuzz.rssMaxMB - fuzz.rssStartMB} MB < 100 MB`, fuzz.rssMaxMB - fuzz.rssStartMB < 100]);
  goals.push([
    `hostile requests: the test passed (every route, every class, with and without a session: no 5xx, the process alive)`,
    hostile.testPassed && serverErrors === 0,
  ]);
  goals.push([`hostile requests: slowest answer ${hostile.maxAnswerMs} ms < 2000 ms`, hostile.maxAnswerMs < 2000]);
  goals.push([`hostile requests: RSS growth ${hostile.rssMaxMB - hostile.rssStartMB} MB < 100 MB`, hostile.rssMaxMB - hostile.rssStartMB < 100]);
  goals.push([
    `a 7,000-segment path ${hostile.absurdPathMs} ms and /healthz beside it ${hostile.healthzBesideItMs} ms, both < 100 ms`,
    hostile.absurdPathMs < 100 && hostile.healthzBesideItMs < 100,
  ]);
  console.log("");
  for (const [text, ok] of goals) console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  process.exitCode = goals.every(([, ok]) => ok) ? 0 : 1;
} finally {
  for (const server of servers) stop(server);
  rmSync(bareDir, { recursive: true, force: true });
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
