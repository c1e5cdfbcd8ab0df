import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import table from "../../app/route-table.json";
import { TINY_JPEG } from "../support/images";
import { freePort, rssOf, startProcess, tempDir, type Proc } from "../support/processes";

/*
 * An attack-and-fault run against the production server: seeded posts (5,000 in `npm run bench`), most built
 * from the forms' own field names (a share on every form passes validation and reaches the outbox), the rest
 * crafted: sparse indexes up to x[2000000000], names nested up to 50,000 levels, chunked bodies up to
 * 500 MB streamed from a generator, and bodies that are not forms on every POST route. None may
 * answer 5xx or go unanswered, none may stall (10 s), the process must live with its memory bounded,
 * and every accepted lead must arrive exactly once. FUZZ_SEED replays a run.
 *
 * The speed and size goals (every answer within 2 s, RSS growth under 100 MB) are checked by
 * `npm run bench`, which runs this file and reads the figures it writes to FUZZ_SUMMARY: a timed
 * assertion here would pass or fail with the machine's load, not with the site.
 */
/*
 * 1,000 posts in the suite: on a 2-core machine a post costs the server about 0.1 s (most answers are
 * whole form pages), so 5,000 take 9 to 10 minutes. `npm run bench` runs the full 5,000
 * (FUZZ_TOTAL=5000) and checks the goals on them.
 */
const TOTAL = Number(process.env.FUZZ_TOTAL ?? 1_000);
const CONCURRENCY = 4;
/** A stall, not a slow answer: the site before issue #11 took 5 to 42 s on one crafted post. */
const STALL_MS = 10_000;
/**
 * Memory that is bounded, not a leak: before issue #11 one post took RSS to 3.1 GB, and until each
 * render's abort timer was cleared every page stayed alive 5 s after it was sent (+300 MB here).
 * The bench holds the 5,000-post run to the goal (100 MB); this is the suite's looser net.
 */
const MAX_RSS_GROWTH = 200 * 1024 * 1024;
const FORM_MODULES = new Set(["contact", "offer", "register", "career"]);

let site: Proc;
let dataDir: string;
beforeAll(async () => {
  const port = await freePort();
  dataDir = tempDir("remed-fuzz-");
  site = await startProcess(
    "build/server.js",
    // The fuzzer is a script that posts at once: no minimum fill time here (lead-forms.test.ts has it).
    { PORT: String(port), DATA_DIR: dataDir, TRUST_PROXY: "loopback", LOG_LEVEL: "warn", FORM_MIN_FILL_SECONDS: "0" },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);
afterAll(() => site?.stop(), 40_000);

/** A small seeded generator, so a failure can be replayed with the printed seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const int = (rand: Rand, max: number) => Math.floor(rand() * max);

const formPages = table.pages
  .filter((p) => FORM_MODULES.has(p.module))
  .flatMap((p) => Object.entries(p.slugs).map(([lang, slug]) => ({ module: p.module, path: encodeURI(`/${lang}/${slug}`) })));
const otherPosts = ["/consent", "/", "/en", "/ar", "/en/blog", "/cities/TR", "/sitemap.xml", "/robots.txt", "/en/no-such-page", "/healthz"];

/* HTTP with node:http: bodies can be streamed, answers are read with a cap, and time is measured to the answer. */

// LIFO: the socket used last is reused first, so few sit idle long enough to meet the server's
// keep-alive timeout just as they are picked again.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2, scheduling: "lifo", timeout: 4_000 });
type Body = string | Buffer | (() => AsyncGenerator<Buffer>);
interface Answer {
  status: number;
  type: string;
  text: string;
  ms: number;
  location?: string;
  setCookie: string[];
}

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Body;
}

/**
 * A kept-alive socket can be closed by the server's keep-alive timeout just as it is reused; a
 * browser then sends the request again on a new connection, and so does this client (Node's
 * documented `reusedSocket` check). Counted, so the run shows how often it happened.
 *
 * A fresh connection reset while its body was still going out (the server answered early, a 413 or
 * a 429, and the connection ended before the answer was read) is retried once too, and counted
 * apart: it was seen about once in 1,500 posts, always on a body the server refused unread, and it
 * must stay that rare.
 */
let staleRetries = 0;
let resetWhileSending = 0;
/**
 * Sockets that already carried an answer. Node sets `reusedSocket` only when a request takes an idle
 * socket from the pool, not when a queued request is handed one the moment it frees up; both are
 * reuse, and a browser retries on either.
 */
const usedSockets = new WeakSet<import("node:net").Socket>();
async function send(path: string, options: SendOptions): Promise<Answer> {
  try {
    return await sendOnce(path, options);
  } catch (error) {
    const { reused, sending } = error as { reused?: boolean; sending?: boolean };
    if (!reused && !sending) throw error;
    if (reused) staleRetries++;
    else resetWhileSending++;
    try {
      return await sendOnce(path, options);
    } catch (again) {
      throw new Error(`${(again as Error).message}, after a retry (reused: ${(again as { reused?: boolean }).reused})`);
    }
  }
}

function sendOnce(path: string, { method = "POST", headers = {}, body }: SendOptions): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    // The server cannot answer before the body is in: time is counted from its last byte (or from
    // the start, when the answer comes while the body is still being sent).
    let sentAt: number | null = null;
    let socket: import("node:net").Socket | undefined;
    const req = request({ host: "127.0.0.1", port: new URL(site.url).port, method, path, headers, agent }, (res) => {
      answered = true;
      // An answer that came while the body was still going out ends this connection, as a browser
      // does: the rest of the body is not sent, and the socket is not used again.
      const early = typeof body === "function" && sentAt === null;
      const ms = performance.now() - (sentAt ?? started);
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 4 * 1024 * 1024) chunks.push(chunk);
      });
      res.on("error", () => undefined);
      res.on("end", () => socket && usedSockets.add(socket));
      res.on("close", () => {
        if (early) req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8") + (size > 4 * 1024 * 1024 ? "\u0000TOO-LARGE" : ""),
          ms,
          location: res.headers.location,
          setCookie: ([] as string[]).concat(res.headers["set-cookie"] ?? []),
        });
      });
    });
    req.on("socket", (s) => (socket = s));
    req.setTimeout(30_000, () => req.destroy(new Error("no answer in 30 s")));
    // The server may answer (413) and cut the connection while a streamed body is still going out.
    req.on("error", (error) => {
      if (!answered)
        reject(Object.assign(error, { reused: req.reusedSocket || (!!socket && usedSockets.has(socket)), sending: sentAt === null && body !== undefined }));
    });
    if (typeof body === "function") {
      (async () => {
        for await (const chunk of body()) {
          if (answered || req.destroyed) break;
          if (!req.write(chunk)) await untilDrained(req);
        }
        if (!req.destroyed) req.end(() => (sentAt ??= answered ? null : performance.now()));
      })().catch(() => undefined);
    } else {
      req.end(body, () => (sentAt ??= answered ? null : performance.now()));
    }
  });
}

/** Waits for room to write again, or for the request to end; leaves no listener behind. */
function untilDrained(req: import("node:http").ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off("drain", done);
      req.off("close", done);
      resolve();
    };
    req.on("drain", done);
    req.on("close", done);
  });
}

/** `size` bytes of urlencoded text, in 64 KB chunks made as they are sent (never held whole). */
function streamed(size: number, start = "message="): () => AsyncGenerator<Buffer> {
  const block = Buffer.alloc(64 * 1024, "y");
  return async function* () {
    yield Buffer.from(start);
    for (let sent = 0; sent < size; sent += block.length) yield size - sent >= block.length ? block : block.subarray(0, size - sent);
  };
}

/* Forms as a visitor opens them. */

interface FormSession {
  module: string;
  path: string;
  cookie: string;
  hidden: Record<string, string>;
  options: Record<string, string[]>;
}

/** The address every tenth post comes from, to meet the rate limits. */
const SHARED_IP = "198.51.100.1";

/** The shared address asked for a form page past the per-minute limit of pages: a 429 is the right answer. */
class PageRateLimited extends Error {}

async function openForm(page: { module: string; path: string }, ip: string): Promise<FormSession> {
  const res = await send(page.path, { method: "GET", headers: { "x-forwarded-for": ip } });
  // A faster run (5,000 posts in npm run bench) opens more than RATE_LIMIT_PER_MINUTE pages from it.
  if (res.status === 429 && ip === SHARED_IP) throw new PageRateLimited(page.path);
  expect(res.status, `${page.path} opens`).toBe(200);
  const cookie = res.setCookie.map((c) => c.split(";")[0]).join("; ");
  const hidden = Object.fromEntries([...res.text.matchAll(/<input[^>]*name="(csrf|\w+__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const options: Record<string, string[]> = {};
  for (const [, name, inner] of res.text.matchAll(/<select[^>]*name="(\w+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    options[name] = [...inner.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
  }
  return { ...page, cookie, hidden, options };
}

/** Values a person would send on this form. */
function validFields(form: FormSession, email: string): Record<string, string> {
  const person = { name: "Fuzz Visitor", email, privacyConsent: "on" };
  const phone = { phoneCountry: "TR", phone: "0532 123 45 67" };
  switch (form.module) {
    case "contact":
      return { ...person, phone: "+90 532 123 45 67", subject: "A question", message: "Please call me." };
    case "offer":
      return { ...person, ...phone, country: "TR", treatment: form.options.treatment[0], contactChannel: "email", preferredDay: "monday", message: "Hello" };
    case "register":
      return {
        ...person,
        ...phone,
        country: "TR",
        institutionType: form.options.institutionType[0],
        organisation: "Klinik",
        contactPerson: "Fuzz Visitor",
        website: "https://klinik.example.org",
      };
    default:
      return { ...person, ...phone, position: "marketing", message: "I would like to work with you." };
  }
}

function multipart(fields: Record<string, string>, photo: Buffer | null): { type: string; body: Buffer } {
  const boundary = "fuzz" + Math.random().toString(36).slice(2);
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = Buffer.from(
    parts.join("") + (photo ? `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n` : ""),
  );
  const tail = Buffer.from(`${photo ? "\r\n" : ""}--${boundary}--\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, photo ?? Buffer.alloc(0), tail]) };
}

function formBody(form: FormSession, fields: Record<string, string>, extra = ""): { type: string; body: Buffer | string } {
  if (form.module === "career") return multipart(fields, TINY_JPEG);
  return { type: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() + extra };
}

const ODD_VALUES = [
  "",
  "x".repeat(10_000),
  "<script>alert(1)</script>\"'><img src=x onerror=alert(1)>",
  "\u0000\u202e\uffff\ud83d\ude00 مرحبا Привет",
  "not-an-email@@",
  "-1",
  "99999999999999999999",
  "+1 213 373 4253 ext. 1234567",
  "javascript:alert(1)",
  "ZZ",
  "%zz%",
];

/* The cases. */

interface Case {
  kind: string;
  path: string;
  method?: string;
  headers: Record<string, string>;
  body?: Body;
  /** Lead forms and /consent must answer with a page a person can read. */
  readable: boolean;
  /** A post that fills a form as a person would: the email it carries, and the form it went to. */
  lead?: { email: string; module: string };
}

async function makeCase(rand: Rand, i: number, forms: FormSession[]): Promise<Case> {
  // Most posts come from their own address so they reach validation; every tenth from one address, to meet the limit.
  const ip = i % 10 === 0 ? SHARED_IP : `10.${int(rand, 255)}.${int(rand, 255)}.${1 + int(rand, 250)}`;
  const base = { "x-forwarded-for": ip };
  const form = pick(rand, forms);
  const withSession = { ...base, cookie: form.cookie };
  const kind = int(rand, 14);
  switch (kind) {
    case 0:
    case 1: {
      // A visitor's own form, sent whole: accepted. Sometimes one value is odd: refused, or still accepted.
      const fresh = await openForm(form, ip);
      const email = `fuzz-${i}-${Math.floor(rand() * 1e9)}@example.com`;
      const fields = { ...fresh.hidden, ...validFields(fresh, email) };
      const mutated = rand() < 0.3;
      if (mutated) fields[pick(rand, Object.keys(validFields(fresh, email)))] = pick(rand, ODD_VALUES);
      const { type, body } = formBody(fresh, fields);
      return {
        kind: mutated ? "valid-mutated" : "valid",
        path: fresh.path,
        headers: { ...base, cookie: fresh.cookie, "content-type": type },
        body,
        readable: true,
        lead: { email, module: fresh.module },
      };
    }
    case 2: {
      // The form's own names with odd values, a repeated field, an unknown option.
      const fields: Record<string, string> = { ...form.hidden };
      for (const name of Object.keys(validFields(form, "x@example.com"))) if (rand() < 0.6) fields[name] = pick(rand, ODD_VALUES);
      const { type, body } = formBody(form, fields, `&name=${encodeURIComponent(pick(rand, ODD_VALUES))}&contactChannel=telegram`);
      return { kind: "odd-values", path: form.path, headers: { ...withSession, "content-type": type }, body, readable: true };
    }
    case 3: {
      // Sparse indexes: conform would make an array of up to two billion slots.
      const index = Math.floor(rand() ** 0.2 * 2_000_000_000);
      const name = pick(rand, ["x", "name", "email", "treatment", "photo"]);
      const body = new URLSearchParams({ ...form.hidden, ...validFields(form, "sparse@example.com") }).toString() + `&${name}[${index}]=1`;
      return { kind: "sparse", path: form.path, headers: { ...withSession, "content-type": "application/x-www-form-urlencoded" }, body, readable: true };
    }
    case 4: {
      // Deep nesting: a.a.a… or a[a][a]… up to 50,000 levels.
      const depth = 1 + Math.floor(rand() ** 0.3 * 50_000);
      const name = rand() < 0.5 ? "a" + ".a".repeat(depth) : "a" + "[a]".repeat(depth);
      const body = new URLSearchParams({ ...form.hidden }).toString() + `&${encodeURIComponent(name)}=x`;
      return { kind: "deep", path: form.path, headers: { ...withSession, "content-type": "application/x-www-form-urlencoded" }, body, readable: true };
    }
    case 5: {
      // A bad or missing CSRF token, a filled or missing honeypot.
      const fields: Record<string, string> = { ...form.hidden, ...validFields(form, "bot@example.com") };
      const variant = int(rand, 4);
      if (variant === 0) fields.csrf = "forged-token";
      if (variant === 1) delete fields.csrf;
      if (variant === 2) for (const name of Object.keys(form.hidden)) if (name.endsWith("__confirm")) delete fields[name];
      if (variant === 3) fields.name__confirm = "I am a bot";
      const { type, body } = formBody(form, fields);
      return { kind: "protection", path: form.path, headers: { ...(variant === 1 ? base : withSession), "content-type": type }, body, readable: true };
    }
    case 6: {
      // Not a form, on any POST route.
      const variants = [
        { type: "application/json", body: JSON.stringify({ name: 1, email: ["a"], csrf: form.hidden.csrf }) },
        { type: "text/plain", body: "name=x&email=y" },
        { type: "application/xml", body: "<lead><name>x</name></lead>" },
        { type: "application/octet-stream", body: "\u0000\u0001\u0002" },
        { type: "application/x-www-form-urlencoded", body: "%zz=%zz&&&=&a=%" },
        { type: "multipart/form-data; boundary=abc", body: `--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf` },
        { type: "multipart/form-data", body: `--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--zzz--` },
        { type: "", body: "" },
      ];
      const v = pick(rand, variants);
      const path = rand() < 0.5 ? form.path : pick(rand, otherPosts);
      return {
        kind: "not-a-form",
        path,
        headers: { ...withSession, ...(v.type ? { "content-type": v.type } : {}) },
        body: v.body,
        readable: path === form.path || path === "/consent",
      };
    }
    case 7: {
      // Declared larger than any form.
      const size = 1_100_000 + int(rand, 500_000);
      return {
        kind: "declared-huge",
        path: rand() < 0.8 ? form.path : "/consent",
        headers: { ...withSession, "content-type": "application/x-www-form-urlencoded" },
        body: `message=${"y".repeat(size)}`,
        readable: true,
      };
    }
    case 8: {
      // Chunked, no Content-Length: under and over the 1 MB form cap and the 12 MB multipart cap.
      const size = Math.floor(rand() ** 2 * 14_000_000);
      const multi = rand() < 0.3;
      const path = rand() < 0.8 ? form.path : pick(rand, otherPosts);
      const type = multi ? "multipart/form-data; boundary=abc" : "application/x-www-form-urlencoded";
      return {
        kind: "chunked",
        path,
        headers: { ...withSession, "content-type": type, "transfer-encoding": "chunked" },
        body: streamed(size, multi ? "--abc\r\n" : "message="),
        readable: path === form.path || path === "/consent",
      };
    }
    case 9: {
      // The consent form: every intent, odd redirects, another site's origin.
      const redirectTo = pick(rand, [
        "/en/blog",
        "/\t/evil.example",
        "/\n/evil.example",
        "//evil.example",
        "/\\evil.example",
        "https://evil.example",
        "/ar/مدونة",
        "/\r\nSet-Cookie: x=1",
        "",
      ]);
      const body = new URLSearchParams({ intent: pick(rand, ["accept", "reject", "save", "reset", "other"]), redirectTo, performance: "on" }).toString();
      const origin: Record<string, string> = rand() < 0.3 ? { origin: "https://evil.example" } : rand() < 0.5 ? { origin: site.url } : {};
      return { kind: "consent", path: "/consent", headers: { ...base, ...origin, "content-type": "application/x-www-form-urlencoded" }, body, readable: true };
    }
    case 10: {
      // Another site's page posting a visitor's form.
      const { type, body } = formBody(form, { ...form.hidden, ...validFields(form, "cross@example.com") });
      return { kind: "cross-site", path: form.path, headers: { ...withSession, origin: "https://evil.example", "content-type": type }, body, readable: true };
    }
    case 11: {
      // Many fields: a form of 50,000 short pairs.
      const body = Array.from({ length: 50_000 }, (_, n) => `f${n}=${n}`).join("&");
      return { kind: "many-fields", path: form.path, headers: { ...withSession, "content-type": "application/x-www-form-urlencoded" }, body, readable: true };
    }
    case 12: {
      // Odd methods and targets.
      const method = pick(rand, ["PUT", "DELETE", "PATCH", "POST"]);
      return {
        kind: "method",
        path: pick(rand, [...otherPosts, form.path]),
        method,
        headers: { ...base, "content-type": "application/x-www-form-urlencoded" },
        body: "a=1",
        readable: false,
      };
    }
    default: {
      // The "show cities" intent with any country.
      const body = new URLSearchParams({ ...form.hidden, intent: "cities", country: pick(rand, ["DE", "ZZ", "../../etc", "x".repeat(5000), ""]) }).toString();
      return { kind: "cities-intent", path: form.path, headers: { ...withSession, "content-type": "application/x-www-form-urlencoded" }, body, readable: true };
    }
  }
}

/** What the embedded backend stored (what `npm run leads` prints). */
function storedEmails(): string[] {
  const out = execFileSync(process.execPath, ["backend/build/leads.js"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l).payload.email as string);
}

describe("no request can crash or stall the site", () => {
  test(
    `${TOTAL} seeded attack posts: no 5xx, none unanswered or stalled, the process alive with bounded memory, every accepted lead delivered once`,
    async () => {
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1e9);
      const rand = prng(seed);
      const forms: FormSession[] = [];
      for (const page of formPages) forms.push(await openForm(page, "192.0.2.1"));
      expect(forms.filter((f) => !f.hidden.csrf || !f.cookie.includes("csrf=")).map((f) => f.path)).toEqual([]);

      // Warm up, then take the baseline: the first renders fill caches that are meant to stay.
      for (const form of forms) await send(form.path, { method: "GET" });
      const rssStart = rssOf(site.pid);
      let rssMax = rssStart;
      const sampler = setInterval(() => {
        try {
          rssMax = Math.max(rssMax, rssOf(site.pid));
        } catch {
          // The process is gone: the checks below say so, with its last words.
        }
      }, 100);

      const byStatus = new Map<number, number>();
      const byKind = new Map<string, Map<number, number>>();
      const problems: string[] = [];
      const accepted: string[] = [];
      const acceptedByForm = new Map<string, number>();
      let maxMs = 0;
      const slowestByKind = new Map<string, number>();
      const count = (kind: string, status: number) => {
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        const kindMap = byKind.get(kind) ?? new Map<number, number>();
        kindMap.set(status, (kindMap.get(status) ?? 0) + 1);
        byKind.set(kind, kindMap);
      };
      const run = async (c: Case, label: string) => {
        let res: Answer;
        try {
          res = await send(c.path, { method: c.method, headers: c.headers, body: c.body });
        } catch (error) {
          problems.push(`${label} ${c.kind} ${c.path} → no answer (${(error as Error).message})`);
          return;
        }
        count(c.kind, res.status);
        maxMs = Math.max(maxMs, res.ms);
        slowestByKind.set(c.kind, Math.max(slowestByKind.get(c.kind) ?? 0, Math.round(res.ms)));
        const readable = /<h1|role="alert"/.test(res.text) && res.type.includes("text/html");
        const leaked = /\n\s+at .+:\d+:\d+|ApiError|TypeError|SyntaxError|Expected \w+, received|Invalid enum value/.test(res.text);
        if (res.status >= 500 || res.ms > STALL_MS || leaked || res.text.endsWith("TOO-LARGE") || (c.readable && res.status !== 303 && !readable)) {
          problems.push(`${label} ${c.kind} ${c.path} → ${res.status} in ${Math.round(res.ms)} ms ${leaked ? "(leaks)" : ""} ${res.text.slice(0, 160)}`);
        }
        // A form filled as a person would is accepted; from the address every tenth post shares it may be rate limited.
        if (c.kind === "valid" && res.status !== 303 && res.status !== 429)
          problems.push(`${label} a whole, valid form on ${c.path} was refused: ${res.status}`);
        if (res.status === 303 && c.lead) {
          accepted.push(c.lead.email);
          acceptedByForm.set(c.lead.module, (acceptedByForm.get(c.lead.module) ?? 0) + 1);
        }
        if (res.status === 303 && c.path === "/consent" && !/^\/(?!\/)/.test(res.location ?? ""))
          problems.push(`${label} consent redirected off-site to ${res.location}`);
      };

      // The two largest streams first, side by side with the rest of the run.
      const contact = forms.find((f) => f.module === "contact")!;
      const giants = [
        run(
          {
            kind: "chunked-500MB",
            path: contact.path,
            headers: { cookie: contact.cookie, "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
            body: streamed(500 * 1024 * 1024),
            readable: true,
          },
          "#giant-form",
        ),
        run(
          {
            kind: "chunked-100MB",
            path: "/consent",
            headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" },
            body: streamed(100 * 1024 * 1024, "intent=accept&redirectTo="),
            readable: true,
          },
          "#giant-consent",
        ),
      ];

      let next = 0;
      async function worker() {
        while (next < TOTAL) {
          const i = next++;
          let c: Case;
          try {
            c = await makeCase(rand, i, forms);
          } catch (error) {
            if (error instanceof PageRateLimited) count("page-rate-limited", 429);
            else problems.push(`#${i} opening a form failed: ${(error as Error).message}`);
            continue;
          }
          await run(c, `#${i}`);
        }
      }
      await Promise.all([...giants, ...Array.from({ length: CONCURRENCY }, worker)]);
      clearInterval(sampler);
      expect(
        site.alive(),
        `the server died: ${site
          .output()
          .split("\n")
          .filter((l) => !l.includes('"level":40'))
          .join("\n")
          .slice(-3000)}`,
      ).toBe(true);
      const rssEnd = rssOf(site.pid);

      const sent = [...byStatus.values()].reduce((a, b) => a + b, 0);
      const summary = {
        seed,
        sent,
        byStatus: Object.fromEntries(byStatus),
        byKind: Object.fromEntries([...byKind].map(([k, m]) => [k, Object.fromEntries(m)])),
        accepted: accepted.length,
        acceptedByForm: Object.fromEntries(acceptedByForm),
        staleRetries,
        resetWhileSending,
        maxAnswerMs: Math.round(maxMs),
        slowestMsByKind: Object.fromEntries(slowestByKind),
        rssStartMB: Math.round(rssStart / 2 ** 20),
        rssMaxMB: Math.round(rssMax / 2 ** 20),
        rssEndMB: Math.round(rssEnd / 2 ** 20),
      };
      console.log("fuzz:", JSON.stringify(summary));
      if (process.env.FUZZ_SUMMARY) writeFileSync(process.env.FUZZ_SUMMARY, JSON.stringify(summary));

      expect(problems.slice(0, 20), `seed ${seed}`).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(TOTAL);
      expect([...byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
      // Each kind of refusal really happened, and a real share got through to the outbox.
      for (const status of [303, 400, 403, 413, 429]) expect(byStatus.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
      expect(accepted.length).toBeGreaterThan(TOTAL / 20);
      // Every form's success path was reached (a 500 once hid there), not only the forms that are easy to fill.
      const formsReached = [...FORM_MODULES].filter((module) => (acceptedByForm.get(module) ?? 0) > 0);
      expect(formsReached, `accepted by form: ${JSON.stringify(Object.fromEntries(acceptedByForm))}`).toEqual([...FORM_MODULES]);
      expect(rssMax - rssStart).toBeLessThan(MAX_RSS_GROWTH);
      expect(resetWhileSending, "connections reset while a body was being sent").toBeLessThanOrEqual(TOTAL / 1000);
      // Still alive and still serving.
      expect((await send("/healthz", { method: "GET" })).status).toBe(200);
      expect((await send("/en/contact", { method: "GET" })).status).toBe(200);

      // Every accepted lead reaches the API exactly once.
      const deadline = Date.now() + 60_000;
      let stored = storedEmails();
      while (accepted.some((e) => !stored.includes(e)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1_000));
        stored = storedEmails();
      }
      const missing = accepted.filter((e) => !stored.includes(e));
      const doubled = accepted.filter((e) => stored.filter((s) => s === e).length > 1);
      expect({ missing: missing.length, doubled: doubled.length }).toEqual({ missing: 0, doubled: 0 });
      // No fault logged: nothing fatal, no failed loader or action, no uncaught error. API calls that
      // time out are left aside: the embedded backend shares the process this run keeps saturated.
      const faults = site
        .output()
        .split("\n")
        .filter((l) => /"level":(50|60)/.test(l) && !/"kind":"timeout"/.test(l));
      expect(faults.slice(0, 5)).toEqual([]);
    },
    120_000 + TOTAL * 250,
  );
});
