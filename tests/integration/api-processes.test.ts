import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import table from "../../app/route-table.json";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// These run the production build: scripts/test-all builds before vitest runs.
const SECRET = `integration-secret-${Math.random().toString(36).slice(2)}`;
const CLIENT_ID = "integration-site";
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}/;

let backend: Proc;
let external: Proc;
let embedded: Proc;

beforeAll(async () => {
  const backendPort = await freePort();
  backend = await startProcess(
    "backend/build/main.js",
    { BACKEND_PORT: String(backendPort), BACKEND_CLIENT_ID: CLIENT_ID, BACKEND_CLIENT_SECRET: SECRET, DATA_DIR: tempDir("remed-be-") },
    `http://127.0.0.1:${backendPort}/connect/token`,
  );
  const sitePort = await freePort();
  external = await startProcess(
    "build/server.js",
    { PORT: String(sitePort), API_URL: backend.url, CLIENT_ID, CLIENT_SECRET: SECRET, DATA_DIR: tempDir("remed-site-") },
    `http://127.0.0.1:${sitePort}/healthz`,
  );
  const embeddedPort = await freePort();
  embedded = await startProcess("build/server.js", { PORT: String(embeddedPort), DATA_DIR: tempDir("remed-emb-") }, `http://127.0.0.1:${embeddedPort}/healthz`);
}, 60_000);

afterAll(async () => {
  await Promise.all([external?.stop(), embedded?.stop(), backend?.stop()]);
});

/** The treatments menu's links (the header's; the home page links highlighted treatments too). */
const menuTitles = (html: string) =>
  [...html.slice(0, html.indexOf("</header>")).matchAll(/<a[^>]*href="\/fr\/traitements\/[^"/]+\/\d+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

describe("a separate backend", () => {
  test("the site renders the same content against `npm run backend` as embedded", async () => {
    const [a, b] = await Promise.all([external, embedded].map((p) => fetch(`${p.url}/fr`).then((r) => r.text())));
    expect(menuTitles(a)).toHaveLength(12);
    expect(menuTitles(a)).toEqual(menuTitles(b));
    const detail = await fetch(`${external.url}/fr/traitements/greffe-de-cheveux/1`);
    expect(detail.status).toBe(200);
    expect(await detail.text()).toContain("<h1>Greffe de cheveux</h1>");
  });
});

describe("nothing leaks", () => {
  const paths = table.pages
    .flatMap((p) => Object.entries(p.slugs).map(([lang, slug]) => (slug ? `/${lang}/${slug}` : `/${lang}`)))
    .concat(["/fr/traitements/greffe-de-cheveux/1", "/en/no-such-page", "/"]);

  test("no page's HTML or headers carry the client secret or a token", async () => {
    for (const path of paths) {
      const res = await fetch(`${external.url}${encodeURI(path)}`, { redirect: "manual" });
      const text = await res.text();
      const headers = JSON.stringify([...res.headers.entries()]);
      for (const haystack of [text, headers]) {
        expect(haystack.includes(SECRET), `${path} leaks the secret`).toBe(false);
        expect(JWT.test(haystack), `${path} leaks a token`).toBe(false);
        expect(haystack.includes(CLIENT_ID), `${path} leaks the client id`).toBe(false);
      }
    }
  });

  test("the built client assets carry no credential, token or API address", async () => {
    const dir = "public/build";
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), "utf8");
      expect(text).not.toMatch(JWT);
      expect(text).not.toMatch(/client_secret|CLIENT_SECRET|connect\/token/);
      expect(text.includes(backend.url)).toBe(false);
    }
  });
});

describe("an unreachable API", () => {
  let down: Proc;
  beforeAll(async () => {
    const port = await freePort();
    down = await startProcess(
      "build/server.js",
      { PORT: String(port), API_URL: "http://127.0.0.1:9", CLIENT_ID, CLIENT_SECRET: SECRET, API_TIMEOUT_MS: "1500", DATA_DIR: tempDir("remed-down-") },
      `http://127.0.0.1:${port}/healthz`,
    );
  }, 30_000);
  afterAll(() => down?.stop());

  test("a page that needs it answers a localized 503, fast, with no stack trace", async () => {
    const started = Date.now();
    const res = await fetch(`${down.url}/fr/traitements/greffe-de-cheveux/1`);
    const html = await res.text();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(503);
    expect(html).toContain("Momentanément indisponible");
    expect(html).not.toMatch(/at .+\.js:\d+|ApiError|ECONNREFUSED|Failed to fetch new token/);
  });

  test("a page that does not need it still renders, with an empty treatments menu", async () => {
    // The contact page asks the API nothing (its countries and dial codes are bundled); a text page is content now (ADR 061).
    const res = await fetch(`${down.url}/fr/contact`);
    expect(res.status).toBe(200);
    expect(menuTitles(await res.text())).toEqual([]);
  });

  test("readiness says not ready: the API is down and nothing is cached to serve instead", async () => {
    const res = await fetch(`${down.url}/readyz`);
    expect(res.status).toBe(503);
    // Nor does a page render: home needs the API too.
    expect(await res.json()).toEqual({
      ready: false,
      checks: { api: false, contentCache: false, outbox: true, page: false },
      api: "external",
      mail: "kept, not sent",
    });
  });

  test("the server log names the failure without any secret", () => {
    const line = down
      .output()
      .split("\n")
      .find((l) => l.includes("API token request failed"));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 50, err: expect.stringContaining("ECONNREFUSED") });
    expect(down.output().includes(SECRET)).toBe(false);
  });
});

describe("a backend that stops", () => {
  let api: Proc;
  let site: Proc;
  beforeAll(async () => {
    const apiPort = await freePort();
    api = await startProcess(
      "backend/build/main.js",
      { BACKEND_PORT: String(apiPort), BACKEND_CLIENT_ID: CLIENT_ID, BACKEND_CLIENT_SECRET: SECRET, DATA_DIR: tempDir("remed-stop-be-") },
      `http://127.0.0.1:${apiPort}/connect/token`,
    );
    const port = await freePort();
    site = await startProcess(
      "build/server.js",
      { PORT: String(port), API_URL: api.url, CLIENT_ID, CLIENT_SECRET: SECRET, API_TIMEOUT_MS: "1500", DATA_DIR: tempDir("remed-stop-site-") },
      `http://127.0.0.1:${port}/healthz`,
    );
  }, 60_000);
  afterAll(() => Promise.all([site?.stop(), api?.stop()]));

  test("a page visited before still renders; one never visited answers a localized 503 without a stack trace", async () => {
    const visited = "/fr/traitements/greffe-de-cheveux/1";
    expect((await fetch(site.url + visited)).status).toBe(200);
    await api.stop();
    const again = await fetch(site.url + visited);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("<h1>Greffe de cheveux</h1>");
    const fresh = await fetch(site.url + encodeURI("/ru/treatments-ru/implanty-zubov/2"));
    const html = await fresh.text();
    expect(fresh.status).toBe(503);
    expect(html).toContain('lang="ru"');
    expect(html).toContain("Временно недоступно");
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).not.toMatch(/at .+\.js:\d+|ApiError|ECONNREFUSED|Failed to fetch new token/);
    // The cache serves what it has, but the instance is no longer ready: it cannot serve every page.
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ready: false, checks: { api: false, contentCache: true } });
  });
});
