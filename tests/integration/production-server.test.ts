import { execFile, spawn, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// The production build as ops run it: scripts/test-all builds before vitest runs.
let site: Proc;
let metricsPort: number;

beforeAll(async () => {
  const port = await freePort();
  metricsPort = await freePort();
  site = await startProcess(
    "build/server.js",
    { PORT: String(port), METRICS_PORT: String(metricsPort), DATA_DIR: tempDir("remed-prod-"), RATE_LIMIT_POSTS_PER_MINUTE: "3", TRUST_PROXY: "loopback" },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);
afterAll(() => site?.stop());

describe("configuration", () => {
  test("API_URL without CLIENT_SECRET stops the server with one line naming it", () => {
    const run = spawnSync(process.execPath, ["build/server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", API_URL: "https://api.example.com", CLIENT_ID: "site" },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(run.status).not.toBe(0);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("CLIENT_SECRET");
    expect(run.stdout).toBe("");
  });

  test("API_URL without VAPID keys stops the server with one line naming them: instances must share one pair", () => {
    const run = spawnSync(process.execPath, ["build/server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", API_URL: "https://api.example.com", CLIENT_ID: "site", CLIENT_SECRET: "secret" },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("VAPID_PUBLIC_KEY");
    expect(lines[0]).toContain("VAPID_SUBJECT");
  });

  test("an invalid value is named too", () => {
    const run = spawnSync(process.execPath, ["build/server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Invalid environment variable PORT: /);
  });
});

describe("security headers without analytics", () => {
  test("with no GA_MEASUREMENT_ID the policy allows no analytics origin anywhere", async () => {
    const csp = (await fetch(`${site.url}/en`)).headers.get("content-security-policy")!;
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).not.toContain("google-analytics");
  });
});

/** The bytes on the wire for one Accept-Encoding, undecoded (fetch would decode them). */
function onTheWire(url: string, acceptEncoding: string, method = "GET"): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("the menu, the footer and the offer form's long lists", () => {
  const marked = async (path: string) => {
    const html = await (await fetch(site.url + path)).text();
    const nav = html.match(/<nav aria-label="[^"]+"><ul class="menu">[\s\S]*?<\/nav>/)![0];
    // Attributes in any order: the menu's links are Remix's NavLink, which writes href last.
    return [...nav.matchAll(/<a [^>]*>/g)].filter((m) => m[0].includes(' aria-current="page"')).map((m) => /\shref="([^"]+)"/.exec(m[0])![1]);
  };

  test("mark the page's own section in each page's HTML, in its language", async () => {
    expect(await marked("/en/doctors")).toEqual(["/en/doctors"]);
    expect(await marked("/en/blog")).toEqual(["/en/blog"]);
    expect(await marked("/en")).toEqual([]);
    expect(await marked("/en/about-us/history")).toEqual(["/en/about-us", "/en/about-us/history"]);
    expect(await marked("/en/doctors")).toEqual(["/en/doctors"]);
    expect(await marked("/ru/blog-ru")).toEqual(["/ru/blog-ru"]);
    // The towns are written as HTML (ADR 014): only the server has them (Türkiye's 81 provinces).
    const offer = await (await fetch(`${site.url}/en/get-an-offer`)).text();
    expect(offer).toMatch(/<select id="offer-form-city"[^>]*><option value=""( selected)?>[^<]+<\/option>(<option value="\d+">[^<]+<\/option>){81}<\/select>/);
    const tr = await (await fetch(`${site.url}/tr`)).text();
    expect(tr).toMatch(/<footer class="site-footer"><div class="container footer-grid"><div class="footer-contact"><a class="logo"[^>]* href="\/tr">/);
  });

  test("the footer's WhatsApp link opens a new tab as the header's does, and French labels set a no-break space before the colon", async () => {
    const footer = (html: string) => html.match(/<footer class="site-footer">[\s\S]*?<\/footer>/)![0].replace(/<!-- -->/g, "");
    const fr = footer(await (await fetch(`${site.url}/fr/contact`)).text());
    const whatsapp = fr.match(/<a href="https:\/\/wa\.me\/[^"]*"[^>]*>/)![0];
    expect(whatsapp).toContain('target="_blank"');
    expect(whatsapp).toContain('rel="noopener noreferrer"');
    expect(fr).toMatch(/<span>Courriel\u00a0: <\/span>/);
    expect(footer(await (await fetch(`${site.url}/en`)).text())).toMatch(/<span>E-mail: <\/span>/);
  });
});

describe("a rendered page on the wire", () => {
  test("goes out whole with its length, rendered or kept, gzipped when the browser takes it; HEAD answers its headers", async () => {
    // Pages nobody has asked for yet: rendered now, not taken from the page cache.
    const plain = await onTheWire(`${site.url}/fr`, "identity");
    expect(plain.headers["x-page-cache"]).toBeUndefined();
    expect(plain.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.toString("utf8")).toMatch(/^<!DOCTYPE html><html lang="fr"[\s\S]*streamController\.close\(\);<\/script>[\s\S]*<\/body><\/html>$/);
    const gz = await onTheWire(`${site.url}/ar`, "gzip");
    expect(gz.headers["x-page-cache"]).toBeUndefined();
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const arabic = gunzipSync(gz.body);
    expect(arabic.toString("utf8")).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"[\s\S]*<\/body><\/html>$/);
    // React 18's streaming renderer left NUL bytes where a character straddled its 2 KB chunks.
    expect(arabic.includes(0)).toBe(false);
    const head = await onTheWire(`${site.url}/ru`, "identity", "HEAD");
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.headers["content-security-policy"]).toContain("'nonce-");
    // The page as the next visitor gets it from the page cache: its length too.
    const kept = await onTheWire(`${site.url}/fr`, "identity");
    expect(kept.headers["x-page-cache"]).toBe("hit");
    expect(kept.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(kept.headers["content-length"])).toBe(kept.body.length);
  });
});

describe("scripts and stylesheets", () => {
  test("are sent as the brotli or gzip file written at build time, whichever the browser takes, and decode to the file; scripts carry the compile hint", async () => {
    const html = await (await fetch(`${site.url}/en`)).text();
    const assets = [/<link rel="modulepreload" href="([^"]+)"/, /<link rel="stylesheet" href="([^"]+)"/].map((re) => re.exec(html)![1]);
    for (const asset of assets) {
      const plain = await onTheWire(site.url + asset, "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const br = await onTheWire(site.url + asset, "gzip, deflate, br, zstd");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      const gz = await onTheWire(site.url + asset, "gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      // Quality 11, not the compression middleware's per-response 4 (which lost to gzip).
      expect(br.body.length).toBeLessThan(gz.body.length);
    }
    // V8's compile hint leads the large scripts (React DOM's), and only those (scripts/compile-hints.mjs, ADR 022).
    const scripts = await Promise.all(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(async (m) => (await onTheWire(site.url + m[1], "identity")).body.toString("utf8")),
    );
    const hinted = scripts.filter((text) => /^\/\/# allFunctionsCalledOnLoad\n(import|var|function)/.test(text));
    expect(hinted.length).toBe(1);
    expect(hinted[0]).toContain("__REACT_DEVTOOLS_GLOBAL_HOOK__");
    expect(scripts.filter((text) => text.length > 100 * 1024)).toEqual(hinted);
  });

  test("each page type loads its scripts in a handful of files, not a file per small shared module", async () => {
    // The page and form kits (ADR 024): a module imported around them splits off again, and a
    // phone on a slow link pays a request for each file before its first paint.
    const files = async (path: string) => [...(await (await fetch(site.url + path)).text()).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].length;
    expect(await files("/en")).toBeLessThanOrEqual(9);
    expect(await files("/en/blog")).toBeLessThanOrEqual(10);
    // A treatment's page shows its packages with the deals' cards (ADR 064): one file more, shared with the deals' pages.
    expect(await files("/en/treatments/hair-transplant/1")).toBeLessThanOrEqual(11);
    expect(await files("/ar/%D8%A7%D8%AD%D8%B5%D9%84-%D8%B9%D9%84%D9%89-%D8%B9%D8%B1%D8%B6")).toBeLessThanOrEqual(10);
    expect(await files("/en/contact")).toBeLessThanOrEqual(10);
  });

  test("carry the headers that apply to a script or stylesheet, not a page's policy and framing headers", async () => {
    const html = await (await fetch(`${site.url}/en`)).text();
    const script = /<link rel="modulepreload" href="([^"]+)"/.exec(html)![1];
    const plain = await onTheWire(site.url + script, "gzip");
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(plain.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(plain.headers["content-security-policy"]).toBeUndefined();
    expect(plain.headers["x-frame-options"]).toBeUndefined();
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    // Over TLS (a trusted proxy says so) HSTS comes along, as on every answer.
    const tls = await fetch(site.url + script, { headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    // The page itself keeps them all.
    const page = await fetch(`${site.url}/en`);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("the translations' cache key", () => {
  test("every page names the build's version in Remix's manifest, where the browser takes it for its translation requests", async () => {
    // entry.client.tsx reads window.__remixManifest.version, which Remix writes into every page but
    // does not document: without it each deploy's strings would load as ?v=undefined, and browsers
    // would keep the last deploy's for up to an hour. The compiler writes the same version beside the
    // server build (build/version.txt); importing build/index.js for its assets.version took 4 s here.
    const html = await (await fetch(`${site.url}/en`)).text();
    const manifest = JSON.parse(/<script[^>]*>[^<]*window\.__remixManifest = (\{[\s\S]*?\n\});/.exec(html)![1]) as { version?: unknown };
    expect(manifest.version).toBe(readFileSync("build/version.txt", "utf8").trim());
  });
});

describe("browser error reports (ADR 051)", () => {
  test("source maps stay on the server: a page's scripts name no map, /build/*.map is a 404, and the server's copy maps to the app's sources", async () => {
    const html = await (await fetch(`${site.url}/en`)).text();
    const scripts = [...html.matchAll(/<(?:link rel="modulepreload" href|script type="module" src)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(2);
    const sources = new Set<string>();
    for (const script of scripts) {
      expect(await (await fetch(site.url + script)).text()).not.toContain("sourceMappingURL");
      expect((await fetch(`${site.url}${script}.map`)).status).toBe(404);
      const map = JSON.parse(readFileSync(`build/browser-maps/${script.slice("/build/".length)}.map`, "utf8")) as {
        sources: string[];
        sourcesContent?: unknown;
      };
      expect(map.sourcesContent).toBeUndefined();
      for (const source of map.sources) sources.add(source);
    }
    expect(sources).toContain("app/root.tsx");
    expect(JSON.parse(readFileSync("build/browser-maps/release.json", "utf8"))).toEqual({ release: readFileSync("build/version.txt", "utf8").trim() });
  });

  test("a report is taken as JSON; junk, other types and oversized bodies are 4xx, never 5xx; reports have a rate limit of their own per address", async () => {
    const post = (body: string, { type = "application/json", ip = "203.0.113.60" } = {}) =>
      fetch(`${site.url}/analytics/error`, { method: "POST", headers: { "content-type": type, "x-forwarded-for": ip }, body });
    const report = {
      source: "error",
      type: "TypeError",
      message: "e.map is not a function",
      stack: "TypeError: e.map is not a function\n    at Xe (http://127.0.0.1/build/root-AAAAAAAA.js:1:2000)",
      page: "/en",
      release: readFileSync("build/version.txt", "utf8").trim(),
    };
    expect((await post(JSON.stringify(report))).status).toBe(202);
    expect((await fetch(`${site.url}/analytics/error`)).status).toBe(405);
    const junk: [string, string, number][] = [
      ["a form", "application/x-www-form-urlencoded", 415],
      ["text", "text/plain", 415],
      ["{", "application/json", 400],
      ["[]", "application/json", 400],
      [JSON.stringify({ ...report, source: "other" }), "application/json", 400],
      ["[".repeat(5_000) + "]".repeat(5_000), "application/json", 400],
      ["[".repeat(100_000) + "]".repeat(100_000), "application/json", 413],
      [JSON.stringify({ ...report, message: "x".repeat(20_000) }), "application/json", 413],
      [JSON.stringify({ ...report, stack: "x".repeat(200 * 1024) }), "application/json", 413],
    ];
    for (const [body, type, status] of junk) expect([body.slice(0, 40), (await post(body, { type })).status]).toEqual([body.slice(0, 40), status]);
    // 30 a minute per address (RATE_LIMIT_ERRORS_PER_MINUTE), counted apart from form posts (3 here).
    const ip = "203.0.113.61";
    for (let i = 0; i < 30; i++) expect((await post("{}", { ip })).status).toBe(400);
    expect((await post("{}", { ip })).status).toBe(429);
    expect((await post("{}", { ip: "203.0.113.62" })).status).toBe(400);
    const form = await fetch(`${site.url}/en/contact`, {
      method: "POST",
      headers: { "x-forwarded-for": ip, "content-type": "application/x-www-form-urlencoded" },
      body: "name=x",
      redirect: "manual",
    });
    expect(form.status).not.toBe(429);
  });
});

describe("TLS behind a trusted proxy", () => {
  test("HSTS is sent when the trusted proxy says the visitor came over HTTPS, and only then", async () => {
    const tls = await fetch(`${site.url}/en`, { headers: { "x-forwarded-proto": "https" } });
    expect(tls.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    const plain = await fetch(`${site.url}/en`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("rate limits", () => {
  test("posting past the limit answers 429 with a page in the visitor's language", async () => {
    // Behind the trusted (loopback) proxy each forwarded address has its own budget.
    const post = (ip: string) =>
      fetch(`${site.url}/ar/اتصل-بنا`, {
        method: "POST",
        headers: { "x-forwarded-for": ip, "content-type": "application/x-www-form-urlencoded" },
        body: "name=x",
        redirect: "manual",
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post("203.0.113.7")).status);
    expect(statuses).not.toContain(429);
    const limited = await post("203.0.113.7");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    const html = await limited.text();
    expect(html).toContain('lang="ar" dir="rtl"');
    expect(html).toContain("طلبات كثيرة جدًا");
    // Another visitor is not held back by the first one, and reading pages still works.
    expect((await post("203.0.113.8")).status).not.toBe(429);
    const page = await fetch(`${site.url}/ar`, { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(page.status).toBe(200);
  });
});

describe("metrics and readiness", () => {
  test("/metrics, on METRICS_PORT only, exposes request duration by route, upstream calls and failures, token renewals and the outbox", async () => {
    await fetch(`${site.url}/en/about-us`).then((r) => r.text());
    await fetch(`${site.url}/en/treatments/no-such-treatment/999999`).then((r) => r.text());
    await fetch(`${site.url}/en/treatments/hair-transplant/1/fue-hair-transplant/101`).then((r) => r.text());
    expect((await fetch(`${site.url}/metrics`)).status).toBe(404);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="about-us",status="200"\} [1-9]/m);
    // Sub-treatment pages are labelled by their table page too, not "other".
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="treatments-subdetail",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="treatments-detail",status="404"\} [1-9]/m);
    expect(text).toMatch(/^upstream_requests_total\{endpoint="treatment\/menu"\} [1-9]/m);
    expect(text).toMatch(/^upstream_requests_total\{endpoint="treatment\/:id"\} [1-9]/m);
    expect(text).toMatch(/^# TYPE upstream_failures_total counter/m);
    expect(text).toMatch(/^api_token_renewals_total [1-9]/m);
    expect(text).toMatch(/^outbox_pending_leads \d+/m);
    expect(text).toMatch(/^outbox_oldest_pending_age_seconds \d/m);
  });

  test("/readyz is ready with the embedded API and a writable outbox, and says the API is the stand-in, as the start-up log does", async () => {
    const res = await fetch(`${site.url}/readyz`);
    expect(res.status).toBe(200);
    // A real page rendered too: the home page, through the build (page-probe.server.ts).
    expect(await res.json()).toMatchObject({ ready: true, checks: { api: true, outbox: true, page: true }, api: "embedded" });
    expect(site.output()).toContain('"msg":"API: embedded stand-in backend (demo content)"');
  });

  test("every response carries a request id, and the log lines carry it too", async () => {
    const res = await fetch(`${site.url}/en/about-us`, { headers: { "x-request-id": "trace-abc-12345" } });
    expect(res.headers.get("x-request-id")).toBe("trace-abc-12345");
    await res.text();
    await new Promise((r) => setTimeout(r, 100));
    const line = site
      .output()
      .split("\n")
      .find((l) => l.includes("trace-abc-12345"));
    expect(JSON.parse(line!)).toMatchObject({ reqId: "trace-abc-12345", req: { method: "GET", url: "/en/about-us" }, res: { statusCode: 200 } });
    expect(site.output()).not.toMatch(/client_secret|CLIENT_SECRET=|Bearer ey/);
  });
});

describe("a development build", () => {
  test("made as `remix dev` makes it, in a copy of the project: the production server there refuses it with one line that says what to run", async () => {
    const copy = tempDir("remed-dev-build-");
    // 11 MB of copied sources and compiled output: removed after (the links, not what they point to).
    onTestFinished(() => rmSync(copy, { recursive: true, force: true }));
    // What the compiler reads, copied; the dependencies and the stand-in backend linked. The public
    // folder is the copy's own: the compiler empties public/build.
    for (const entry of ["app", "locales", "server.ts", "remix.config.js", "tsconfig.json", "package.json", "remix.env.d.ts"])
      cpSync(entry, join(copy, entry), { recursive: true });
    mkdirSync(join(copy, "public"));
    mkdirSync(join(copy, "build"));
    symlinkSync(resolve("node_modules"), join(copy, "node_modules"));
    symlinkSync(resolve("backend"), join(copy, "backend"));
    // The start file as `npm run build` writes it: it starts whichever build is in build/.
    copyFileSync("build/server.js", join(copy, "build/server.js"));
    // `remix dev` compiles the server and the app in development mode into build/; this is that
    // compile without its watcher and dev server (the same `mode`, and React's development JSX
    // runtime, that made every page a 500). Run through the bin @remix-run/dev declares, not a path
    // inside its dist/.
    await promisify(execFile)(process.execPath, [resolve("node_modules/.bin/remix"), "build"], {
      cwd: copy,
      env: { PATH: process.env.PATH, NODE_ENV: "development" },
      timeout: 180_000,
    });

    const port = await freePort();
    const server = spawn(process.execPath, ["build/server.js"], {
      cwd: copy,
      env: { PATH: process.env.PATH, NODE_ENV: "production", EMBEDDED_BACKEND: "1", PORT: String(port), DATA_DIR: tempDir("remed-dev-build-data-") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    server.stdout.on("data", (d) => (stdout += d));
    server.stderr.on("data", (d) => (stderr += d));
    let ended = false;
    const exited = new Promise<number | null>((done) => server.once("exit", (code) => ((ended = true), done(code))));
    // Refused, or (before) up and calling itself ready while every page failed.
    const readyz = async () => {
      while (!ended) {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
        if (res?.status === 200) return "ready" as const;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const outcome = await Promise.race([exited, readyz()]);
    if (outcome === "ready") {
      const home = await fetch(`http://127.0.0.1:${port}/en`);
      server.kill("SIGKILL");
      expect.fail(`/readyz answered 200 while /en answered ${home.status}`);
    }
    expect(outcome).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      `The build at ${join(copy, "build/index.js")} is a development build (from "remix dev"): run "npm run build" first.`,
    ]);
    expect(stdout).toBe("");
  }, 240_000);
});

describe("graceful shutdown", () => {
  test("a slow request in flight when SIGTERM arrives still completes, and the process exits 0", async () => {
    const port = await freePort();
    const proc = await startProcess("build/server.js", { PORT: String(port), DATA_DIR: tempDir("remed-stop-") }, `http://127.0.0.1:${port}/healthz`);
    // A visitor on a slow connection: the form body arrives in two parts, a second apart.
    const [first, rest] = ["name=Slow+Visitor&email=slow%40", "example.com&message=Hello"];
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers = { "content-type": "application/x-www-form-urlencoded", "content-length": String(first.length + rest.length) };
      const req = request({ host: "127.0.0.1", port, method: "POST", path: "/en/contact", headers }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      req.write(first);
      setTimeout(() => req.end(rest), 1_000);
    });
    await new Promise((r) => setTimeout(r, 300));
    const exit = proc.signal("SIGTERM");
    while (!proc.output().includes("shutting down")) await new Promise((r) => setTimeout(r, 20));
    // New connections are refused while the slow one is still being answered.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    const answered = await response;
    expect(answered.status).toBe(400); // no honeypot or CSRF token: refused properly, not cut off
    expect(answered.body.length).toBeGreaterThan(0);
    expect(await exit).toBe(0);
    expect(proc.output()).toContain("shutdown complete");
  });
});
