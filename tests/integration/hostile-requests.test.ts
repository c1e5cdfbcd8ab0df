import { writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { largeJpeg } from "../support/images";
import { storedLeads } from "../support/leads";
import { freePort, rssOf, startProcess, tempDir, type Proc } from "../support/processes";
import { onePerFile, routeSurface, type SurfaceRoute } from "../support/route-surface";
import { signInToSite } from "../support/site-sign-in";

/*
 * Hostile requests against the whole surface of the production server, found rather than listed:
 * every route of the build that takes a post (the route table's pages, the back office, the
 * resource routes, and whatever source of routes comes later) gets each class of hostile body,
 * posted to its page and to its single-fetch `.data` URL, once without a session and once as a
 * signed-in owner with a valid CSRF token. Then absurd paths, giant headers and slow senders.
 * Every answer is a 4xx or a redirect, never a 5xx; the process lives with bounded memory.
 *
 * In `npm test`, one route per route module (a page in every language is one module); in
 * `npm run bench` (HOSTILE_ALL=1) every route, and the figures go to HOSTILE_SUMMARY, where the
 * bench holds them to its goals (every answer within 2 s, RSS growth under 100 MB): a timed
 * assertion here would pass or fail with the machine's load, not with the site.
 */
const ALL = process.env.HOSTILE_ALL === "1";
/** Loose: an answer this late is a stall, not a slow machine. */
const STALL_MS = 10_000;
const MAX_RSS_GROWTH = 200 * 1024 * 1024;
const OWNER = { email: "owner@hostile.test", password: "owner-password-for-hostile-1234" };

let site: Proc;
let dataDir: string;
let port: number;
beforeAll(async () => {
  port = await freePort();
  dataDir = tempDir("remed-hostile-");
  site = await startProcess(
    "build/server.js",
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      FORM_MIN_FILL_SECONDS: "0",
      // One client sends all of it: the limits have their own tests; here the guard must answer.
      RATE_LIMIT_PER_MINUTE: "1000000",
      RATE_LIMIT_POSTS_PER_MINUTE: "1000000",
      RATE_LIMIT_ERRORS_PER_MINUTE: "1000000",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);
/** What the bench reads (HOSTILE_SUMMARY): each test adds its figures. */
const figures: Record<string, unknown> = {};
afterAll(async () => {
  if (process.env.HOSTILE_SUMMARY) writeFileSync(process.env.HOSTILE_SUMMARY, JSON.stringify(figures));
  await site?.stop();
}, 20_000);

interface Answer {
  status: number;
  ms: number;
  text: string;
  location?: string;
}

type Body = string | Buffer | (() => AsyncGenerator<Buffer>);

/**
 * Kept-alive connections, as a browser's: a server that answers a body early (413) keeps reading
 * what is still coming behind its answer. A client that asks it to close instead would have the
 * socket reset under the answer, which no browser does.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** One request over its own connection; a streamed body stops once the answer comes, as a browser's would. */
function send(path: string, { method = "POST", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: Body } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      answered = true;
      const ms = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.length < 64 && chunks.push(chunk));
      res.on("error", () => undefined);
      res.on("close", () => {
        // A body still being sent when the answer came ends its connection, as a browser's does.
        if (typeof body === "function") req.destroy();
        resolve({ status: res.statusCode ?? 0, ms, text: Buffer.concat(chunks).toString("utf8"), location: res.headers.location });
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error("no answer in 30 s")));
    req.on("error", (error) => !answered && reject(error));
    if (typeof body === "function") {
      (async () => {
        for await (const chunk of body()) {
          if (answered || req.destroyed) return;
          if (!req.write(chunk)) await untilDrained(req);
        }
        req.end();
      })().catch(() => undefined);
    } else req.end(body);
  });
}

/** Waits for room to write again, or for the request to end; leaves no listener behind. */
function untilDrained(req: import("node:http").ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off("drain", done).off("close", done);
      resolve();
    };
    req.on("drain", done).on("close", done);
  });
}

/** `size` bytes of a urlencoded field, made as they are sent (never held whole). */
function streamed(size: number): () => AsyncGenerator<Buffer> {
  const block = Buffer.alloc(64 * 1024, "y");
  return async function* () {
    yield Buffer.from("message=");
    for (let sent = 0; sent < size; sent += block.length) yield block;
  };
}

const FORM = "application/x-www-form-urlencoded";

/** The hostile bodies, each with the CSRF token a signed-in owner's form would carry (or none). */
function hostileBodies(csrf: string) {
  const token = csrf ? `csrf=${encodeURIComponent(csrf)}&` : "";
  const intent = JSON.stringify({ type: "update", payload: { name: "x[200000000]", value: "1" } });
  return [
    { kind: "sparse index", type: FORM, body: `${token}x[200000000]=1` },
    { kind: "sparse index, dotted", type: FORM, body: `${token}a.b[5000000].c=1` },
    { kind: "deep nesting", type: FORM, body: `${token}${encodeURIComponent("a" + "[a]".repeat(50_000))}=x` },
    { kind: "deep nesting, dotted", type: FORM, body: `${token}${"a" + ".a".repeat(50_000)}=x` },
    { kind: "10,000 fields", type: FORM, body: token + Array.from({ length: 10_000 }, (_, n) => `f${n}=${n}`).join("&") },
    { kind: "conform's intent", type: FORM, body: `${token}__intent__=${encodeURIComponent(intent)}` },
    { kind: "conform's state", type: FORM, body: `${token}__state__=%7Bnot-json` },
    {
      kind: "malformed multipart",
      type: "multipart/form-data; boundary=abc",
      body: `--abc\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf`,
    },
    { kind: "multipart without a boundary", type: "multipart/form-data", body: `--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--zzz--` },
    {
      kind: "multipart, 10,000 parts",
      type: "multipart/form-data; boundary=b",
      body: Array.from({ length: 10_000 }, (_, n) => `--b\r\nContent-Disposition: form-data; name="f${n}"\r\n\r\n${n}\r\n`).join("") + "--b--\r\n",
    },
    { kind: "JSON", type: "application/json", body: JSON.stringify({ csrf, email: ["a"], nested: { deep: [[[[[1]]]]] } }) },
    { kind: "not a form", type: "text/plain", body: "name=x&email=y" },
    { kind: "500 MB chunked", type: FORM, body: streamed(500 * 1024 * 1024) },
  ];
}

/**
 * Bodies of a sane size and shape that no form of the route sends: they pass the guard, so the
 * route's own action judges them (with the owner's session, past the session and token checks).
 * Any answer but a 5xx will do: a form may well come back with its errors (200).
 */
function strangeForms(csrf: string) {
  const token = csrf ? `csrf=${encodeURIComponent(csrf)}&` : "";
  const boundary = "strange";
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return [
    { kind: "an empty form", type: FORM, body: token.slice(0, -1) },
    {
      kind: "a form of fields no form has",
      type: FORM,
      body: `${token}intent=zzz&id=-1&lng=xx&redirectTo=%2F%2Fevil.example&text=${"x".repeat(5_000)}&status=won&html=%3Cscript%3E`,
    },
    {
      kind: "a multipart form of fields no form has",
      type: `multipart/form-data; boundary=${boundary}`,
      body: `${part("csrf", csrf)}${part("intent", "publish")}${part("version", "abc")}--${boundary}--\r\n`,
    },
  ];
}

/** A raw connection: what it was sent, and when and how the server ended it. */
function rawConnection(write: (socket: import("node:net").Socket) => void): Promise<{ ms: number; response: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const opened = performance.now();
    let response = "";
    socket.on("connect", () => write(socket));
    socket.on("data", (d) => (response += d));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ ms: performance.now() - opened, response }));
    setTimeout(() => reject(new Error("still open after 30 s")), 30_000).unref();
  });
}

const dataUrl = (url: string) => (url === "/" ? "/_root.data" : `${url}.data`);

/*
 * One suite, so that the slow tests (the photo sent at 50 KB/s takes 24 s, the slow senders 10 s)
 * run side by side with the hostile bodies instead of after them.
 */
/** A built form's route (ADR 065): its pattern's slug is only a form once one is published there. */
const isBuiltForm = (route: SurfaceRoute) => route.id.startsWith("forms-detail.");

/**
 * The published built forms (ADR 065), as the back office's list of them shows them (it reads the API's
 * list): one is built and published first, with a multiple choice, a date and a photo, the kinds of
 * field the built-in forms lack. Each published page is a route of the surface, its URL the form's own.
 */
async function publishedBuiltForms(posting: SurfaceRoute[]): Promise<SurfaceRoute[]> {
  const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
  const post = (path: string, fields: Record<string, string>) =>
    fetch(site.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": FORM, origin: site.url, cookie: owner.cookie },
      body: new URLSearchParams({ csrf: owner.csrf, ...fields }),
    });
  const page = (await post("/admin/forms/new", { name: "Hostile" })).headers.get("location")!;
  const texts = { lang: "en", name: "Hostile", title: "Hostile", intro: "", slug: "hostile" };
  for (const newType of ["text", "multiChoice", "date", "file", "consent"]) await post(page, { ...texts, do: "add", newType });
  await post(page, { ...texts, do: "addChoice:f2" });
  const labels = {
    "f1.label": "Name",
    "f2.label": "Treatments",
    "f2.c1": "Implants",
    "f3.label": "Day",
    "f4.label": "Photo",
    "f5.label": "Consent",
    "f5.required": "on",
  };
  await post(page, { ...texts, ...labels, do: "save" });
  await post(`${page}?intent=publish`, { lang: "en" });
  const listed = await (await fetch(`${site.url}/admin/forms`, { headers: { cookie: owner.cookie } })).text();
  const template = posting.find(isBuiltForm)!;
  return [...listed.matchAll(/href="(\/[a-z]{2}\/[^"/]+\/[^"/]+)"/g)]
    .map((m) => m[1])
    .filter((path) => !path.startsWith("/admin"))
    .map((url) => ({ ...template, id: `${template.id} ${url}`, url }));
}

describe("hostile requests", () => {
  let routes: SurfaceRoute[];
  // Importing the whole server build took more than vitest's 10 s on a machine busy with other work.
  beforeAll(async () => {
    const posting = (await routeSurface()).filter((route) => route.hasAction);
    routes = [...(ALL ? posting : onePerFile(posting)).filter((route) => !isBuiltForm(route)), ...(await publishedBuiltForms(posting))];
  }, 60_000);

  test("the surface is discovered: public forms, resource routes and the back office's posts", () => {
    const patterns = routes.map((route) => route.pattern);
    for (const expected of [/^\/en\/contact$/, /^\/consent$/, /^\/admin\/sign-in$/, /^\/admin\/leads\/:id$/, /^\/admin\/content\/:kind\/:id$/]) {
      expect(
        patterns.some((p) => expected.test(p)),
        String(expected),
      ).toBe(true);
    }
    // A published built form, found through the API's list (ADR 065).
    expect(routes.map((route) => route.url)).toContain("/en/forms/hostile");
  });

  test("a 14 KB path of 7,000 segments answers at once, and /healthz sent with it is not held", async () => {
    const path = "/a".repeat(7_000);
    const [absurd, health] = await Promise.all([send(path, { method: "GET" }), send("/healthz", { method: "GET" })]);
    expect(absurd.status).toBe(414);
    expect(health.status).toBe(200);
    // Loose bounds: before the path bound this path held the event loop for about 17 s here.
    Object.assign(figures, { absurdPathMs: Math.round(absurd.ms), healthzBesideItMs: Math.round(health.ms) });
    expect(absurd.ms).toBeLessThan(1_000);
    expect(health.ms).toBeLessThan(1_000);
    // The longest page the site has stays a page.
    expect((await send(`/en/${"a".repeat(1_000)}`, { method: "GET" })).status).toBe(404);
  });

  test("giant headers get 431", async () => {
    const answer = await send("/en", { method: "GET", headers: { "x-giant": "a".repeat(20_000) } });
    expect(answer.status).toBe(431);
  });

  test.concurrent(
    "each class of hostile body, on every route that takes a post, with and without a session, gets a 4xx or a redirect; the process lives",
    async () => {
      const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
      // A first render fills caches that are meant to stay: the baseline comes after it.
      await send("/en/contact", { method: "GET" });
      const rssStart = rssOf(site.pid);
      let rssMax = rssStart;
      const sampler = setInterval(() => {
        if (site.alive()) rssMax = Math.max(rssMax, rssOf(site.pid));
      }, 100);
      const problems: string[] = [];
      const byStatus: Record<number, number> = {};
      const slowestByKind: Record<string, number> = {};
      const byKind: Record<string, number> = {};
      let sent = 0;
      try {
        for (const session of [
          { name: "anonymous", cookie: "", csrf: "" },
          { name: "owner", ...owner },
        ]) {
          for (const route of routes) {
            const strange = new Set(strangeForms("").map((form) => form.kind));
            for (const hostile of [...hostileBodies(session.csrf), ...strangeForms(session.csrf)]) {
              // The giant stream once per route and session (on the page); every other body on the page and on its data URL.
              const urls = hostile.kind === "500 MB chunked" ? [route.url] : [route.url, dataUrl(route.url)];
              for (const url of urls) {
                const headers: Record<string, string> = { "content-type": hostile.type, ...(session.cookie ? { cookie: session.cookie } : {}) };
                const label = `${session.name} ${hostile.kind} → ${url}`;
                let answer: Answer;
                try {
                  answer = await send(url, { headers, body: hostile.body });
                } catch (error) {
                  problems.push(`${label}: no answer (${(error as Error).message})`);
                  continue;
                }
                sent++;
                byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
                byKind[hostile.kind] = (byKind[hostile.kind] ?? 0) + 1;
                slowestByKind[hostile.kind] = Math.max(slowestByKind[hostile.kind] ?? 0, Math.round(answer.ms));
                // Single fetch answers a redirect (to sign-in, for a post without a session) as a 202 that carries it.
                const redirect =
                  (answer.status >= 300 && answer.status < 400) || (answer.status === 202 && url.endsWith(".data") && /"redirect","\/(?!\/)/.test(answer.text));
                const refusedAsItShould = redirect || (answer.status >= 400 && answer.status < 500) || (strange.has(hostile.kind) && answer.status < 500);
                const offSite = /^(?:\/\/|[a-z]+:)/i.test(answer.location ?? "");
                if (!refusedAsItShould || offSite || answer.ms > STALL_MS || /\n\s+at .+:\d+:\d+/.test(answer.text)) {
                  problems.push(`${label}: ${answer.status} in ${Math.round(answer.ms)} ms ${answer.location ?? ""} ${answer.text.slice(0, 120)}`);
                }
              }
            }
          }
        }
      } finally {
        clearInterval(sampler);
      }
      const summary = {
        routes: routes.length,
        sent,
        byStatus,
        byKind,
        slowestMsByKind: slowestByKind,
        maxAnswerMs: Math.max(...Object.values(slowestByKind)),
        rssStartMB: Math.round(rssStart / 2 ** 20),
        rssMaxMB: Math.round(rssMax / 2 ** 20),
      };
      console.log("hostile:", JSON.stringify(summary));
      Object.assign(figures, summary, { testPassed: false });
      expect(site.alive(), site.output().slice(-2000)).toBe(true);
      expect(problems.slice(0, 20)).toEqual([]);
      expect(rssMax - rssStart).toBeLessThan(MAX_RSS_GROWTH);
      expect((await send("/healthz", { method: "GET" })).status).toBe(200);
      figures.testPassed = true;
    },
    600_000,
  );

  test.concurrent(
    "a body that stalls after its headers, and one that trickles, are dropped within about 10 s",
    async () => {
      const head = (length: number) => `POST /en/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM}\r\nContent-Length: ${length}\r\n\r\n`;
      let trickle: NodeJS.Timeout | undefined;
      const [stalled, trickling] = await Promise.all([
        rawConnection((socket) => socket.write(head(100) + "name=x")),
        rawConnection((socket) => {
          socket.write(head(10_000));
          // A byte every two seconds: never silent long enough to be a stall, far under 1 KB/s.
          trickle = setInterval(() => !socket.destroyed && socket.write("a"), 2_000);
        }),
      ]);
      clearInterval(trickle);
      expect(stalled.response).toMatch(/^HTTP\/1\.1 408 /);
      expect(stalled.ms).toBeLessThan(10_000);
      expect(trickling.response).toMatch(/^HTTP\/1\.1 408 /);
      expect(trickling.ms).toBeLessThan(12_000);
    },
    30_000,
  );

  /**
   * ADR 029's pace: a slow but steady sender is not a stalled or trickling one. The photo comes at
   * 50 KB/s for about 24 s, past every limit that could cut it short (a stall of 8 s, an average under
   * 1 KB/s after 10 s, a socket idle for 8 s); the request timeout's room for a 5 MB photo at that
   * pace (100 s) is checked in timeouts.server.test.ts, without the wait. A 5 MB photo, the largest
   * the form takes, is sent beside it at full speed.
   */
  test.concurrent(
    "a photo sent slowly but steadily (50 KB/s for 24 s) is accepted, and so is a 5 MB one",
    async () => {
      const RATE = 50 * 1024;
      const post = async (photoBytes: number, paced: boolean) => {
        const page = await fetch(`${site.url}/en/about-us/career`);
        const html = await page.text();
        const hidden = Object.fromEntries([...html.matchAll(/<input[^>]*name="(csrf|\w+__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
        const cookie = page.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const email = `${paced ? "slow" : "large"}-photo-${Date.now()}@example.com`;
        const fields = {
          ...hidden,
          name: "Slow Sender",
          email,
          phoneCountry: "TR",
          phone: "0532 123 45 67",
          position: "marketing",
          message: "Sent over a weak connection.",
          privacyConsent: "on",
        };
        const boundary = "slowphoto";
        const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
        const body = Buffer.concat([
          Buffer.from(parts.join("") + `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
          largeJpeg(photoBytes),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const answer = await send("/en/about-us/career", {
          headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(body.length), cookie },
          body: paced
            ? async function* () {
                // A tenth of a second's worth at a time.
                for (let at = 0; at < body.length; at += RATE / 10) {
                  yield body.subarray(at, at + RATE / 10);
                  await new Promise((r) => setTimeout(r, 100));
                }
              }
            : body,
        });
        return { answer, email };
      };
      const started = Date.now();
      const [slow, large] = await Promise.all([post(1_200_000, true), post(5_000_000, false)]);
      for (const { answer } of [slow, large]) expect(answer.status, answer.text.slice(0, 300)).toBe(303);
      // Under load the pace only slows down: the body was still coming after every limit's time.
      expect(Date.now() - started).toBeGreaterThan(20_000);
      for (const { email } of [slow, large]) {
        const deadline = Date.now() + 20_000;
        while (!storedLeads(dataDir).some((lead) => lead.payload.email === email) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
        expect(
          storedLeads(dataDir).some((lead) => lead.payload.email === email),
          email,
        ).toBe(true);
      }
    },
    120_000,
  );
});
