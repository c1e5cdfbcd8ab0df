// First-party analytics (issue #42, ADR 050): how fast the embedded backend takes page views and how
// fast the active-users page's figures come over a million of them, and what a flood of forged views
// does to the site.
// - Ingest: 20,000 views posted to `POST analytics/events` over HTTP in batches of 100 (4 at a time),
//   as the site sends them: events per second. Then the store is filled to a million views (100,000
//   visitors over 30 days) through the same store code without HTTP, and its file size is read.
// - Query: `GET admin/analytics/active-users` over HTTP for the last 30 and the last 90 days, the
//   median of five after a first run each (goal: under 500 ms). The same for the downloads page over
//   a million downloads (100,000 visitors, half with consent) and the browser errors page over a
//   million reports (2,000 groups, 3 releases, 5 browsers, 10 pages), each written into the backend's
//   database as its API writes one; the form funnels page over a million form events; the patients'
//   visits page over 2,000 leads linked to visitors of the million views.
// - Flood: 100,000 beacons to the production site, each from its own X-Forwarded-For address with its
//   own forged consent cookie (visitor id), 16 at a time, against a daily cap of 20,000: what is stored
//   stops at the cap, the file stops growing, and the site still answers a page.
// Alone: `node scripts/bench/analytics.mjs` (after npm run build). BENCH_ANALYTICS_EVENTS and
// BENCH_ANALYTICS_FLOOD make a shorter run.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { spawn } from "node:child_process";

const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);
const HTTP_EVENTS = 20_000;
const VISITORS = 100_000;
const DAYS = 30;
const RUNS = 5;
/** Leads linked to their senders' visits (ADR 055): the patients' visits page lists the newest 100 and counts them all. */
const LINKED_LEADS = 2_000;
const FLOOD = Number(process.env.BENCH_ANALYTICS_FLOOD ?? 100_000);
// A fifth of the flood (20,000 of 100,000), so a short run (BENCH_ANALYTICS_FLOOD) reaches the cap too.
const CAP = Math.floor(FLOOD / 5);
const CLIENT = { clientId: "bench", clientSecret: "bench-analytics-client-secret" };
const admin = { email: "bench@remed.test", password: "bench-analytics-password" };
const PATHS = ["/en", "/en/about-us", "/en/treatments", "/tr", "/tr/hakkimizda", "/ru", "/fr", "/ar", "/en/contact", "/en/get-an-offer"];
const LANG_OF = (path) => path.split("/")[1];

/** The same views every run: a small deterministic generator rather than Math.random. */
function viewsFrom(seed, now) {
  // mulberry32: a linear congruential generator's low bits repeat too soon for 100,000 visitor ids.
  const next = (n) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  return (i) => {
    const path = PATHS[next(PATHS.length)];
    const visitor = next(VISITORS);
    return {
      visitorId: `${visitor}.1700000000`,
      visitId: `v${visitor.toString(36).padStart(8, "0")}${next(4)}`,
      at: new Date(now - next(DAYS * 86_400) * 1000 - (i % 1000)).toISOString(),
      path,
      lang: LANG_OF(path),
      referrer: next(3) === 0 ? "www.google.com" : null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: next(10) === 0 ? "spring" : null,
      device: ["desktop", "mobile", "tablet"][next(3)],
      browser: ["Chrome", "Safari", "Firefox"][next(3)],
      screen: "large",
    };
  };
}

async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export async function analyticsFigures(root = resolve(".")) {
  const backend = await import(pathToFileURL(join(root, "backend/build/index.js")).href);
  const dataDir = mkdtempSync(join(tmpdir(), "remed-bench-analytics-"));
  try {
    const now = Date.now();
    const limits = { maxEventsPerDay: EVENTS * 3, retentionMonths: 13 };
    const running = await backend.startBackend({ dataDir, ...CLIENT, admin, analytics: limits });
    let ingest;
    try {
      const client = await json(`${running.url}/connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "client_credentials", client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }),
      });
      const view = viewsFrom(42, now);
      const batches = Array.from({ length: HTTP_EVENTS / 100 }, (_, b) => Array.from({ length: 100 }, (_, i) => view(b * 100 + i)));
      const started = performance.now();
      const workers = Array.from({ length: 4 }, async () => {
        while (batches.length > 0) {
          const events = batches.pop();
          await json(`${running.url}/api/analytics/events`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${client.access_token}` },
            body: JSON.stringify({ events }),
          });
        }
      });
      await Promise.all(workers);
      ingest = { httpPerSecond: Math.round(HTTP_EVENTS / ((performance.now() - started) / 1000)) };
    } finally {
      await running.close();
    }

    // The rest of the million through the store itself, the API's code for a batch without HTTP.
    const store = backend.openAnalyticsStore(dataDir, limits, () => now);
    const view = viewsFrom(7, now);
    const started = performance.now();
    for (let done = HTTP_EVENTS; done < EVENTS; done += 100) store.add(Array.from({ length: Math.min(100, EVENTS - done) }, (_, i) => view(done + i)));
    ingest.storePerSecond = Math.round((EVENTS - HTTP_EVENTS) / ((performance.now() - started) / 1000));
    store.close();
    const file = join(dataDir, "analytics.sqlite");
    ingest.megabytes = Math.round(statSync(file).size / 1024 / 1024);
    // As many form events (ADR 054), as the API stores a batch of them.
    const forms = backend.openAnalyticsStore(dataDir, limits, () => now);
    const formEvent = formEventsFrom(9, now);
    const formsStarted = performance.now();
    for (let done = 0; done < EVENTS; done += 100) forms.addFormEvents(Array.from({ length: Math.min(100, EVENTS - done) }, (_, i) => formEvent(done + i)));
    ingest.formEventsPerSecond = Math.round(EVENTS / ((performance.now() - formsStarted) / 1000));
    forms.close();
    ingest.formEventsMegabytes = Math.round(statSync(file).size / 1024 / 1024) - ingest.megabytes;

    const others = fillDownloadsAndErrors(backend, dataDir, now);

    const again = await backend.startBackend({ dataDir, ...CLIENT, admin, analytics: limits });
    try {
      const client = await json(`${again.url}/connect/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "client_credentials", client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret }),
      });
      const login = await json(`${again.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${client.access_token}` },
        body: JSON.stringify(admin),
      });
      const token = login.result.accessToken;
      const day = (ms) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date(ms));
      const periods = { "30 days": [day(now - 29 * 86_400_000), day(now)], "90 days": [day(now - 89 * 86_400_000), day(now)] };
      const query = {};
      const pages = {
        "active-users": "active-users",
        downloads: "downloads",
        errors: "errors",
        forms: "forms",
        "customer-active-users": "customer-active-users",
      };
      for (const [page, path] of Object.entries(pages)) {
        for (const [name, [from, to]] of Object.entries(periods)) {
          const once = async () => {
            const t = performance.now();
            await json(`${again.url}/api/admin/analytics/${path}?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${token}` } });
            return performance.now() - t;
          };
          const first = await once();
          const times = [];
          for (let i = 0; i < RUNS; i++) times.push(await once());
          times.sort((a, b) => a - b);
          // The first answer also works out the finished days it shows (then kept): reported, not the goal's figure.
          query[`${page} ${name}`] = { firstMs: Math.round(first), medianMs: Math.round(times[Math.floor(RUNS / 2)]) };
        }
      }
      const slowest = (page) =>
        Math.max(
          ...Object.entries(query)
            .filter(([k]) => k.startsWith(`${page} `))
            .map(([, q]) => q.medianMs),
        );
      return {
        events: EVENTS,
        ingest,
        others,
        query,
        slowestMs: slowest("active-users"),
        downloadsMs: slowest("downloads"),
        errorsMs: slowest("errors"),
        formsMs: slowest("forms"),
        customersMs: slowest("customer-active-users"),
        flood: await floodFigures(root),
      };
    } finally {
      await again.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Form events of the offer and contact forms over the last 30 days, for the same 100,000 visitors. */
function formEventsFrom(seed, now) {
  const next = (n) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const types = ["started", "abandoned", "error", "submitted", "refused", "accepted"];
  const fields = ["name", "email", "phone", "message"];
  return (i) => {
    const type = types[next(types.length)];
    return {
      visitorId: `${next(VISITORS)}.1700000000`,
      at: new Date(now - next(DAYS * 86_400) * 1000 - (i % 1000)).toISOString(),
      kind: ["offer", "contact"][next(2)],
      lang: ["en", "tr", "ru", "fr", "ar"][next(5)],
      type,
      field: type === "abandoned" || type === "error" ? fields[next(fields.length)] : null,
      code: type === "error" ? ["required", "email", "phone"][next(3)] : null,
      seconds: type === "accepted" ? next(600) : null,
    };
  };
}

/** Leads linked to visitors of the million views (ADR 055), received over the last 30 days, as the API keeps them. */
function linkLeads(db, now) {
  const insert = db.prepare("INSERT INTO leads (kind, received_at, payload) VALUES ('contactForm', ?, ?)");
  const link = db.prepare("INSERT INTO lead_visitors (lead_id, visitor_id) VALUES (?, ?)");
  db.transaction(() => {
    for (let i = 0; i < LINKED_LEADS; i++) {
      const at = new Date(now - Math.floor((i / LINKED_LEADS) * DAYS * 86_400_000)).toISOString();
      const payload = JSON.stringify({
        name: `Visitor ${i}`,
        email: `visitor${i}@example.org`,
        message: "Linked",
        languageCode: ["en", "tr", "ru", "fr", "ar"][i % 5],
      });
      link.run(insert.run(at, payload).lastInsertRowid, `${(i * 48_271) % VISITORS}.1700000000`);
    }
  })();
}

/** A million downloads and a million browser error reports over the last 30 days, written as the API writes each. */
function fillDownloadsAndErrors(backend, dataDir, now) {
  const db = backend.openDb(dataDir);
  try {
    let seed = 11;
    const next = (n) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    // Counted as POST analytics/downloads counts each, on the day the clock says.
    let at = now;
    const download = backend.createDownloadCounter({ db, clock: () => at }, 13);
    const documents = ["data-protection-notice", "explicit-consent"];
    const languages = ["en", "tr", "ru", "fr", "ar"];
    let started = performance.now();
    db.transaction(() => {
      for (let i = 0; i < EVENTS; i++) {
        at = now - next(DAYS * 86_400) * 1000;
        download({ document: documents[next(2)], language: languages[next(5)], visitorId: next(2) ? `${next(VISITORS)}.1700000000` : undefined });
      }
    })();
    const downloadsPerSecond = Math.round(EVENTS / ((performance.now() - started) / 1000));
    const visitorRows = db.prepare("SELECT count(*) FROM download_week_visitors").pluck().get();

    // Reports in the order they came, over the 30 days, through the store the API records each with.
    at = now - DAYS * 86_400_000;
    const step = (DAYS * 86_400_000) / EVENTS;
    const store = backend.createBrowserErrorStore(db, () => at);
    started = performance.now();
    let recorded = 0;
    const record = db.transaction((from, to) => {
      for (let i = from; i < to; i++) {
        at += step;
        const group = next(2_000);
        const ok = store.record({
          fingerprint: group.toString(16).padStart(16, "0"),
          source: "error",
          type: "TypeError",
          message: `Cannot read properties of undefined (reading 'x${group}')`,
          topFrame: `app/components/part-${group % 97}.tsx:${group % 300}:${group % 40}`,
          frames: [{ file: `/build/_shared/chunk-${group % 97}.js`, line: 1, column: group, fn: "f", resolved: false }],
          release: `r${Math.floor((i / EVENTS) * 3)}`,
          browser: ["Chrome 131", "Safari 18", "Firefox 133", "Samsung Internet 27", "Edge 131"][next(5)],
          page: PATHS[next(PATHS.length)],
        });
        if (ok) recorded++;
      }
    });
    for (let i = 0; i < EVENTS; i += 10_000) record(i, Math.min(EVENTS, i + 10_000));
    const reportsPerSecond = Math.round(EVENTS / ((performance.now() - started) / 1000));
    linkLeads(db, now);
    const countRows = db.prepare("SELECT count(*) FROM browser_error_counts").pluck().get();
    return {
      downloadsPerSecond,
      visitorRows,
      reportsPerSecond,
      recorded,
      countRows,
      megabytes: Math.round(statSync(join(dataDir, "backend.sqlite")).size / 1024 / 1024),
    };
  } finally {
    db.close();
  }
}

const freePort = () =>
  new Promise((resolvePort) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });

/** Forged views from many addresses and visitor ids against the production site with a small daily cap. */
async function floodFigures(root) {
  const dataDir = mkdtempSync(join(tmpdir(), "remed-bench-flood-"));
  const port = await freePort();
  const token = "bench-analytics-metrics-token";
  const site = spawn(process.execPath, [join(root, "build/server.js")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      EMBEDDED_BACKEND: "1",
      PORT: String(port),
      DATA_DIR: dataDir,
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PER_MINUTE: "10000000",
      ANALYTICS_MAX_EVENTS_PER_DAY: String(CAP),
      METRICS_TOKEN: token,
      MAIL_DIGEST_AT: "off",
      LOG_LEVEL: "error",
    },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 200; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const cookieName = (
      await fetch(`${base}/consent`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        body: "intent=accept&redirectTo=%2Fen",
      })
    ).headers
      .getSetCookie()[0]
      .split("=")[0];
    const beacon = (i) =>
      new Promise((resolveStatus) => {
        const consent = { requiredCookies: true, performanceAndAnalysisCookies: true, functionalityCookies: false, clientId: `${i}.1700000000` };
        const body = JSON.stringify({ url: PATHS[i % PATHS.length], visit: null });
        const req = request(
          `${base}/analytics/event`,
          {
            method: "POST",
            agent,
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              "content-length": Buffer.byteLength(body),
              origin: base,
              "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
              "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
              cookie: `${cookieName}=${encodeURIComponent(Buffer.from(JSON.stringify(consent)).toString("base64"))}`,
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolveStatus(res.statusCode));
          },
        );
        req.on("error", () => resolveStatus(0));
        req.end(body);
      });
    const statuses = {};
    let sent = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < FLOOD) {
          const status = await beacon(sent++);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const perSecond = Math.round(FLOOD / ((performance.now() - started) / 1000));
    const counted = async (outcome) => {
      const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
      return Number(text.match(new RegExp(`analytics_events_total\\{outcome="${outcome}"\\} (\\d+)`))?.[1] ?? 0);
    };
    // Every accepted view answered by the API: stored, refused at the cap, or dropped by the queue.
    for (let i = 0; i < 300; i++) {
      const settled = (await counted("stored")) + (await counted("refused")) + (await counted("dropped")) + (await counted("full"));
      if (settled >= FLOOD) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const file = join(dataDir, "analytics.sqlite");
    const sizeAtCap = statSync(file).size;
    const figures = {
      sent: FLOOD,
      perSecond,
      statuses,
      stored: await counted("stored"),
      refused: await counted("refused"),
      dropped: (await counted("dropped")) + (await counted("full")),
      cap: CAP,
      homeStatus: (await fetch(`${base}/en`)).status,
    };
    // A second wave changes nothing on disk: the day is full.
    sent = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < Math.min(FLOOD, 5_000)) await beacon(FLOOD + sent++);
      }),
    );
    await new Promise((r) => setTimeout(r, 2_000));
    figures.grewBytes = statSync(file).size - sizeAtCap;
    agent.destroy();
    return figures;
  } finally {
    site.kill("SIGTERM");
    await new Promise((r) => site.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await analyticsFigures();
  console.log(JSON.stringify(figures, null, 2));
  const { ingest, query, flood } = figures;
  const goals = [
    [`active-users over ${figures.events.toLocaleString("en")} views: slowest ${figures.slowestMs} ms < 500 ms`, figures.slowestMs < 500],
    [`downloads over ${figures.events.toLocaleString("en")} downloads: slowest ${figures.downloadsMs} ms < 500 ms`, figures.downloadsMs < 500],
    [`browser errors over ${figures.events.toLocaleString("en")} reports: slowest ${figures.errorsMs} ms < 500 ms`, figures.errorsMs < 500],
    [`form funnels over ${figures.events.toLocaleString("en")} form events: slowest ${figures.formsMs} ms < 500 ms`, figures.formsMs < 500],
    [
      `patients' visits of ${LINKED_LEADS.toLocaleString("en")} linked leads over ${figures.events.toLocaleString("en")} views: slowest ${figures.customersMs} ms < 500 ms`,
      figures.customersMs < 500,
    ],
    [
      `flood of ${flood.sent.toLocaleString("en")} forged views: ${flood.stored.toLocaleString("en")} stored <= the cap of ${flood.cap.toLocaleString("en")}`,
      flood.stored <= flood.cap,
    ],
    [
      `after the cap the file grew ${flood.grewBytes} bytes (0), and the site answered its home page ${flood.homeStatus}`,
      flood.grewBytes === 0 && flood.homeStatus === 200,
    ],
  ];
  console.log(
    `ingest: ${ingest.httpPerSecond} views/s over HTTP, ${ingest.storePerSecond} views/s into the store, ${ingest.formEventsPerSecond} form events/s; ${ingest.megabytes} MB for ${figures.events.toLocaleString("en")} views, ${ingest.formEventsMegabytes} MB more for as many form events`,
  );
  const { others } = figures;
  console.log(
    `downloads: ${others.downloadsPerSecond}/s written, ${others.visitorRows} visitor rows; browser errors: ${others.reportsPerSecond} reports/s recorded (${others.recorded} kept), ${others.countRows} count rows; backend.sqlite ${others.megabytes} MB`,
  );
  console.log(
    `query: ${Object.entries(query)
      .map(([p, q]) => `${p} ${q.medianMs} ms (first ${q.firstMs} ms)`)
      .join(", ")}`,
  );
  for (const [text, ok] of goals) console.log(`${ok ? "PASS" : "FAIL"}  ${text}`);
  process.exitCode = goals.every(([, ok]) => ok) ? 0 : 1;
}
