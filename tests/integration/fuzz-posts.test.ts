import { afterAll, beforeAll, describe, expect, test } from "vitest";
import table from "../../app/route-table.json";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// At least 1,000 random and malformed form posts: none may answer 5xx or crash the server, and
// each must be a 400, 403, 413 or 429 with a page a person can read.
const TOTAL = 1_050;
const CONCURRENCY = 16;
const FORM_MODULES = new Set(["contact", "offer", "register", "career"]);

let site: Proc;
beforeAll(async () => {
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    { PORT: String(port), DATA_DIR: tempDir("remed-fuzz-"), TRUST_PROXY: "loopback", LOG_LEVEL: "warn" },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);
afterAll(() => site?.stop());

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

const formPaths = table.pages
  .filter((p) => FORM_MODULES.has(p.module))
  .flatMap((p) => Object.entries(p.slugs).map(([lang, slug]) => `/${lang}/${slug}`));

interface FormSession {
  path: string;
  cookie: string;
  csrf: string;
  honeypot: [string, string][];
  status: number;
}

async function openForm(path: string): Promise<FormSession> {
  const res = await fetch(site.url + encodeURI(path));
  const html = await res.text();
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  // remix-utils' honeypot: a field that must stay empty and an encrypted timestamp that must come back.
  const honeypot = [...html.matchAll(/<input[^>]*name="(\w+__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string]);
  return { path, cookie, csrf, honeypot, status: res.status };
}

const FIELDS = ["name", "email", "phone", "dialCode", "countryCode", "cityId", "treatmentId", "contactChannel", "preferredDay", "message", "subject", "institutionTypeId", "organisation", "website", "contactPerson", "position"];

function randomValue(rand: () => number): string {
  const pick = Math.floor(rand() * 9);
  switch (pick) {
    case 0:
      return "";
    case 1:
      return String(Math.floor(rand() * 1e9) - 5e8);
    case 2:
      return "x".repeat(rand() < 0.1 ? 200_000 : 10_000); // huge fields
    case 3:
      return "<script>alert(1)</script>\"'><img src=x onerror=alert(1)>";
    case 4:
      return "\u0000\u202e\uffff\ud83d\ude00 مرحبا Привет";
    case 5:
      return "not-an-email@@";
    case 6:
      return "[object Object]";
    case 7:
      return "+90 555 " + Math.floor(rand() * 1e7);
    default:
      return Math.random().toString(36).repeat(Math.floor(rand() * 20));
  }
}

type Case = { kind: string; init: RequestInit & { headers: Record<string, string> }; path: string };

function makeCase(rand: () => number, forms: FormSession[], i: number): Case {
  const form = forms[Math.floor(rand() * forms.length)];
  // Most posts come from their own address so they reach validation; every tenth from one address, to meet the limit.
  const ip = i % 10 === 0 ? "198.51.100.1" : `10.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}.${1 + Math.floor(rand() * 250)}`;
  const headers: Record<string, string> = { "x-forwarded-for": ip, cookie: form.cookie };
  const body = new URLSearchParams();
  // Never the consent box: however lucky the other values, the post stays invalid.
  for (const field of FIELDS) if (rand() < 0.5) body.append(field, randomValue(rand));
  if (rand() < 0.2) body.append("name", randomValue(rand)); // a field sent twice
  const kind = Math.floor(rand() * 8);
  switch (kind) {
    case 0: // missing, huge and wrong-typed fields with a valid CSRF token and an untouched honeypot
      body.set("csrf", form.csrf);
      for (const [name, value] of form.honeypot) body.set(name, value);
      return { kind: "fields", path: form.path, init: { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: body.toString() } };
    case 1: // a bad CSRF token
      body.set("csrf", rand() < 0.5 ? "forged-token" : form.csrf.split("").reverse().join(""));
      return { kind: "csrf", path: form.path, init: { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: body.toString() } };
    case 2: // no CSRF cookie at all
      body.set("csrf", form.csrf);
      return { kind: "no-cookie", path: form.path, init: { method: "POST", headers: { "x-forwarded-for": ip, "content-type": "application/x-www-form-urlencoded" }, body: body.toString() } };
    case 3: // a filled honeypot
      body.set("csrf", form.csrf);
      for (const [name, value] of form.honeypot) body.set(name, value || "I am a bot");
      return { kind: "honeypot", path: form.path, init: { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: body.toString() } };
    case 4: {
      // broken multipart: a wrong, missing or cut-off boundary
      const variants = [
        { type: "multipart/form-data; boundary=abc", body: `--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf` },
        { type: "multipart/form-data", body: `--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--zzz--` },
        { type: "multipart/form-data; boundary=abc", body: `--wrong\r\n\r\n\r\n` },
        { type: "multipart/form-data; boundary=abc", body: `--abc\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff` },
      ];
      const v = variants[Math.floor(rand() * variants.length)];
      return { kind: "multipart", path: form.path, init: { method: "POST", headers: { ...headers, "content-type": v.type }, body: v.body } };
    }
    case 5: {
      // not a form at all
      const variants = [
        { type: "application/json", body: JSON.stringify({ name: 1, email: ["a"], csrf: form.csrf }) },
        { type: "text/plain", body: "name=x&email=y" },
        { type: "application/xml", body: "<lead><name>x</name></lead>" },
        { type: "application/octet-stream", body: "\u0000\u0001\u0002" },
      ];
      const v = variants[Math.floor(rand() * variants.length)];
      return { kind: "content-type", path: form.path, init: { method: "POST", headers: { ...headers, "content-type": v.type }, body: v.body } };
    }
    case 6: // a body larger than any form
      return { kind: "huge", path: form.path, init: { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: `message=${"y".repeat(1_100_000 + Math.floor(rand() * 500_000))}` } };
    default: // fields with no token
      return { kind: "no-token", path: form.path, init: { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: body.toString() } };
  }
}

describe("bad input never breaks the server", () => {
  test(`${TOTAL} random and malformed form posts: no 5xx, no crash, each a readable 400/403/413/429`, async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1e9);
    const rand = prng(seed);
    // One after another: a cold start on a busy machine should not turn the set-up into a load test.
    const forms: FormSession[] = [];
    for (const path of formPaths) forms.push(await openForm(path));
    expect(forms.length).toBeGreaterThanOrEqual(10);
    expect(forms.filter((f) => !f.csrf || !f.cookie.includes("csrf=") || f.honeypot.length !== 2).map((f) => `${f.path} ${f.status}`)).toEqual([]);

    const byStatus = new Map<number, number>();
    const problems: string[] = [];
    let next = 0;
    async function worker() {
      while (next < TOTAL) {
        const i = next++;
        const c = makeCase(rand, forms, i);
        const res = await fetch(site.url + encodeURI(c.path), { ...c.init, redirect: "manual" });
        const text = await res.text();
        byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
        const readable = /<h1|role="alert"/.test(text) && (res.headers.get("content-type") ?? "").includes("text/html");
        const leaked = /\n\s+at .+:\d+:\d+|ApiError|TypeError|SyntaxError/.test(text);
        if (![400, 403, 413, 429].includes(res.status) || !readable || leaked) {
          problems.push(`#${i} ${c.kind} ${c.path} → ${res.status} ${readable ? "" : "(unreadable)"} ${leaked ? "(leaks)" : ""} ${text.slice(0, 120)}`);
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    console.log(`fuzz seed ${seed}:`, Object.fromEntries(byStatus));
    expect(problems, `seed ${seed}`).toEqual([]);
    expect([...byStatus.keys()].filter((s) => s >= 500)).toEqual([]);
    // Each kind of refusal really happened.
    for (const status of [400, 403, 413, 429]) expect(byStatus.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    // Still alive and still serving.
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${site.url}/en/contact`)).status).toBe(200);
    expect(site.output()).not.toMatch(/"level":(50|60)/);
  }, 300_000);
});
