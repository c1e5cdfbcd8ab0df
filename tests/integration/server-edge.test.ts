import { execFileSync } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { openLeadForm } from "../../scripts/lead-form.mjs";

// The server's edge against the production build: odd request targets, a proxy in front, another
// site's posts, /consent, /metrics, a forged toast. Everything answers a 4xx or works, never a 5xx.
const SITE_URL = "https://www.example.test";
const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
let site: Proc;
let dataDir: string;
let port: number;
beforeAll(async () => {
  port = await freePort();
  dataDir = tempDir("remed-edge-");
  site = await startProcess(
    "build/server.js",
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL,
      TRUST_PROXY: "loopback",
      METRICS_TOKEN,
      FORM_MIN_FILL_SECONDS: "0",
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
    },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);
afterAll(() => site?.stop());

/** Sends bytes as they are (no client fixes them up) and returns the status line and the rest. */
function raw(text: string): Promise<{ status: number; response: string }> {
  return new Promise((resolve, reject) => {
    // Written, not ended: Node drops the answer to a client that half-closes before it comes.
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let response = "";
    socket.on("data", (d) => (response += d));
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0), response }));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer")));
  });
}

describe("request targets, methods and hosts", () => {
  test("an absolute-form target is served as its path; OPTIONS answers what is allowed; TRACE gets 405", async () => {
    const absolute = await raw("GET http://www.example.test/en/blog HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(absolute.status).toBe(200);
    expect(absolute.response).toContain('<html lang="en"');
    const star = await raw("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(star.status).toBe(204);
    expect(star.response).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i);
    const trace = await raw("TRACE /en HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(trace.status).toBe(405);
    expect(trace.response).toContain("<h1>");
  });

  test("a path that does not percent-decode gets the 400 page, on any route, page or data", async () => {
    for (const path of ["/en/%E0%A4%A", "/en/%", "/%ZZ/x", "/admin/%ff", "/ar/%D8.data", "/consent%"]) {
      const res = await fetch(site.url + path);
      expect(res.status, path).toBe(400);
      expect(await res.text(), path).toContain("This request could not be read");
    }
    // A query string is the page's own business: it does not make the path unreadable.
    expect((await fetch(`${site.url}/en?q=%E0%A4%A`)).status).toBe(200);
  });

  test("a request in Remix's old data protocol (?_data=) gets the 400 page and leaves no error in the log", async () => {
    const before = site.output().length;
    for (const path of ["/en?_data=root", "/ar?_data=routes%2Fhome", "/admin?x=1&_data"]) {
      const res = await fetch(site.url + path);
      expect(res.status, path).toBe(400);
      // In the path's language: the English words for /en, the Arabic page for /ar.
      expect(await res.text(), path).toMatch(path.startsWith("/ar") ? /<html lang="ar" dir="rtl"/ : /This request could not be read/);
    }
    expect(site.output().slice(before)).not.toContain('"level":50');
  });

  test("a Host header that carries a path cannot change the page served", async () => {
    const res = await raw("GET /en HTTP/1.1\r\nHost: x/en/blog#\r\nConnection: close\r\n\r\n");
    expect(res.status).toBe(400);
    expect(res.response).toContain("This request could not be read");
  });
});

/** Opens a form page; `post` sends it with the page's hidden fields, to the page or to another path (its single-fetch `.data`). */
async function openContact(lang = "en") {
  const path = lang === "en" ? "/en/contact" : "/tr/iletisim";
  const { cookie, hidden } = await openLeadForm(site.url + path);
  return (email: string, headers: Record<string, string>, target = path) =>
    fetch(site.url + target, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ ...hidden, name: "Proxy Visitor", email, message: "Hello from behind a proxy", privacyConsent: "on" }),
      redirect: "manual",
    });
}

function storedLeads(email: string) {
  const out = execFileSync(process.execPath, ["backend/build/leads.js"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((l) => l.payload.email === email);
}

describe("behind a proxy, and from another site", () => {
  test("a proxy that rewrites Host to its upstream's name still gets the visitor's lead through", async () => {
    const post = await openContact();
    const email = `proxy-${Date.now()}@example.com`;
    // nginx's default proxy_pass: Host is the upstream's name, the browser's Origin is the public site.
    const res = await post(email, { host: "remed_upstream", origin: SITE_URL, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" });
    expect(res.status).toBe(303);
    const deadline = Date.now() + 15_000;
    while (storedLeads(email).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 300));
    expect(storedLeads(email)).toHaveLength(1);
    // A second public name the proxy forwards (X-Forwarded-Host, trusted through TRUST_PROXY) is the request's own origin.
    const again = await openContact();
    const res2 = await again(`proxy2-${Date.now()}@example.com`, {
      host: "remed_upstream",
      origin: "https://second.example.test",
      "x-forwarded-host": "second.example.test",
      "x-forwarded-proto": "https",
      "x-forwarded-for": "203.0.113.10",
    });
    expect(res2.status).toBe(303);
    // With JavaScript the form posts to single fetch's action path, where Remix runs the same check.
    const js = await openContact();
    const res3 = await js(
      `proxy3-${Date.now()}@example.com`,
      { host: "remed_upstream", origin: SITE_URL, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.11" },
      "/en/contact.data",
    );
    // The action's redirect, as data for the browser's router to follow.
    expect(res3.status).toBe(202);
    expect(await res3.text()).toContain("/en/contact");
  });

  test("the same post from another site's page gets the localized 403 form with the values kept", async () => {
    const post = await openContact("tr");
    const email = `cross-${Date.now()}@example.com`;
    const res = await post(email, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("Bu formun süresi doldu");
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain("Hello from behind a proxy");
    expect(storedLeads(email)).toHaveLength(0);
  });
});

describe("/consent", () => {
  const consent = (redirectTo: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/consent`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ intent: "accept", redirectTo }),
      redirect: "manual",
    });

  test.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example",
    "/\u00e9\u4e2d/\t/x",
    "/..//evil.example",
    "/.//evil.example",
    "/en/..//evil.example",
  ])("redirectTo %j stays on this site", async (redirectTo) => {
    const res = await consent(redirectTo);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(new URL(location, SITE_URL).origin).toBe(SITE_URL);
    expect(location).toMatch(/^\/(?![/\\])/);
  });

  test("a same-site path is kept, a non-Latin-1 one percent-encoded", async () => {
    expect((await consent("/en/blog?page=2")).headers.get("location")).toBe("/en/blog?page=2");
    expect((await consent("/ar/مدونة")).headers.get("location")).toBe(encodeURI("/ar/مدونة"));
  });

  test("another site's post is refused with a page; this site's is taken; a body that is no form gets 415", async () => {
    const cross = await consent("/en", { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(cross.headers.getSetCookie().join()).not.toContain("consentDetails_remed=");
    expect(await cross.text()).toContain("This was sent from another site");
    const sandboxed = await consent("/en", { "sec-fetch-site": "cross-site" });
    expect(sandboxed.status).toBe(403);
    const own = await consent("/en", { origin: SITE_URL });
    expect(own.status).toBe(303);
    expect(own.headers.getSetCookie().join()).toContain("consentDetails_remed=");
    const json = await fetch(`${site.url}/consent`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(415);
  });
});

describe("/metrics and the toast", () => {
  test("/metrics is not public: 404 without the token, the metrics with it", async () => {
    expect((await fetch(`${site.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${site.url}/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(404);
    const res = await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("http_request_duration_seconds");
  });

  test("a toast cookie the site did not sign shows nothing", async () => {
    const forged = Buffer.from(JSON.stringify({ key: "Call +1 900 FAKE now", id: "x" })).toString("base64");
    const html = await (await fetch(`${site.url}/en/blog`, { headers: { cookie: `toast=${encodeURIComponent(forged)}` } })).text();
    expect(html).not.toContain("FAKE");
  });
});
