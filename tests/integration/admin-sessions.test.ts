import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROLE_PERMISSIONS, ROLES } from "../../app/lib/platform/api/admin-contract";
import { PROJECT_ID } from "../../app/lib/platform/api/contract";
import { pageAccess, postPermission, type AdminPageName } from "../../app/lib/admin/pages";
import { ADMIN_OPEN_ROUTES } from "../../app/route-patterns.js";
import { fillParams, postForms, routeSurface, type SurfaceRoute } from "../support/route-surface";
import { TINY_JPEG } from "../support/images";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// Two site instances against one separate API, sharing FORM_SECRET and nothing else. Site B reaches
// the API through a proxy that can lose an answer (a write that is stored, but answered with a 503).
const CLIENT_SECRET = `integration-secret-${Math.random().toString(36).slice(2)}`;
const CLIENT_ID = "integration-site";
const FORM_SECRET = "f".repeat(16) + Math.random().toString(36).slice(2).padEnd(20, "x");
const OWNER = { email: "owner@sessions.test", password: "owner-password-1234", name: "Selin Owner" };
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

let backend: Proc;
let siteA: Proc & { dataDir: string };
let siteB: Proc & { dataDir: string };
let proxy: { url: string; server: Server; loseNotes: boolean; asked: string[] };

async function startSite(apiUrl: string, env: Record<string, string> = {}, dataDir = tempDir("remed-adm-")) {
  const port = await freePort();
  const site = await startProcess(
    "build/server.js",
    // Behind a proxy on loopback: a test speaks for any client address with X-Forwarded-For. Posts:
    // the route walk below sends far more than a visitor's ten a minute.
    {
      PORT: String(port),
      API_URL: apiUrl,
      CLIENT_ID,
      CLIENT_SECRET,
      FORM_SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PER_MINUTE: "5000",
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
      // The day's digest is claimed by the first instance that asks: only its own test turns it on.
      MAIL_DIGEST_AT: "off",
      ...env,
    },
    `http://127.0.0.1:${port}/healthz`,
  );
  return Object.assign(site, { dataDir });
}

/**
 * A pass-through to the API, as a load balancer is. While `loseNotes` is set, a lead note reaches the
 * API and is stored, but its answer is lost on the way back: the site gets the balancer's 503.
 * `asked` lists the paths site B called, for a test to see what reached the API.
 */
async function startProxy(target: string) {
  const state = { loseNotes: false, asked: [] as string[] };
  const server = createServer((req, res) => {
    state.asked.push(new URL(req.url!, target).pathname);
    const lost = state.loseNotes && req.method === "POST" && /\/notes$/.test(req.url!);
    // A connection of its own for each call: Node's keep-alive agent sent calls on a connection the
    // API had just closed after 5 idle seconds (it reads no Keep-Alive hint, as undici does), and the
    // site then met a destroyed answer: "the clinic's API is not answering" on a busy machine.
    const upstream = httpRequest(
      new URL(req.url!, target),
      { method: req.method, headers: { ...req.headers, connection: "close" }, agent: false },
      (answer) => {
        if (!lost) {
          res.writeHead(answer.statusCode!, answer.headers);
          return void answer.pipe(res);
        }
        answer.resume();
        answer.on("end", () => res.writeHead(503, { "content-type": "text/plain" }).end("upstream answer lost"));
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(state, { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

beforeAll(async () => {
  const backendPort = await freePort();
  backend = await startProcess(
    "backend/build/main.js",
    { BACKEND_PORT: String(backendPort), BACKEND_CLIENT_ID: CLIENT_ID, BACKEND_CLIENT_SECRET: CLIENT_SECRET, DATA_DIR: tempDir("remed-adm-be-") },
    `http://127.0.0.1:${backendPort}/connect/token`,
  );
  proxy = await startProxy(backend.url);
  [siteA, siteB] = await Promise.all([startSite(backend.url), startSite(proxy.url)]);
  // The first owner, made the way ops would against an external API: `npm run admin`.
  await promisify(execFile)(process.execPath, ["build/admin.js", "create-user", "--email", OWNER.email, "--name", OWNER.name, "--role", "owner"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", API_URL: backend.url, CLIENT_ID, CLIENT_SECRET, ADMIN_PASSWORD: OWNER.password },
  });
}, 60_000);

afterAll(async () => {
  await Promise.all([siteA?.stop(), siteB?.stop(), backend?.stop()]);
  proxy?.server.close();
});

/** The sign-in form's CSRF token and cookie, as a browser gets them. */
async function signInForm(site: Proc) {
  const res = await fetch(`${site.url}/admin/sign-in`);
  const html = await res.text();
  const token = html.match(/name="csrf" value="([^"]+)"/)![1];
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { token, cookie, html };
}

/** A sign-in through the form; `from` is the client address the proxy in front names (X-Forwarded-For). */
async function signIn(
  site: Proc,
  email: string,
  password: string,
  { origin = site.url, withToken = true, from }: { origin?: string; withToken?: boolean; from?: string } = {},
) {
  const form = await signInForm(site);
  const body = new URLSearchParams({ email, password, ...(withToken ? { csrf: form.token } : {}) });
  const res = await fetch(`${site.url}/admin/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin, ...(from ? { "x-forwarded-for": from } : {}) },
    body,
  });
  return Object.assign(res, { formCookie: form.cookie });
}

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("admin_session="));

/** A signed-in owner's cookies (the session and the form token's), as the browser would send them. */
async function ownerCookie(site: Proc) {
  const res = await signIn(site, OWNER.email, OWNER.password);
  expect(res.status).toBe(303);
  return `${res.formCookie}; ${sessionCookie(res)!.split(";")[0]}`;
}

/** A back-office form posted as a browser would: the page's CSRF token, this site as the origin. */
async function postForm(site: Proc, path: string, cookie: string, fields: Record<string, string>) {
  const page = await (await fetch(`${site.url}${path}`, { headers: { cookie } })).text();
  const csrf = page.match(/name="csrf" value="([^"]+)"/)![1];
  return fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: site.url },
    body: new URLSearchParams({ ...fields, csrf }),
  });
}

/** The users page's row of one user, as HTML. */
async function userRow(site: Proc, cookie: string, email: string) {
  const html = await (await fetch(`${site.url}/admin/users`, { headers: { cookie } })).text();
  return (html.split("<tr").find((row) => row.includes(email)) ?? "").replaceAll("<!-- -->", "");
}

/** What a browser holds after signing in: every cookie it was given (session, CSRF, language), and the form token. */
interface Browser {
  cookie: string;
  csrf: string;
}

async function signedIn(site: Proc, email: string, password = PASSWORD): Promise<Browser> {
  const form = await signInForm(site);
  const res = await fetch(`${site.url}/admin/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin: site.url },
    body: new URLSearchParams({ email, password, csrf: form.token }),
  });
  expect(res.status, `sign-in of ${email}`).toBe(303);
  const jar = new Map(form.cookie.split("; ").map((pair) => [pair.split("=")[0], pair]));
  for (const set of res.headers.getSetCookie()) jar.set(set.split("=")[0], set.split(";")[0]);
  return { cookie: [...jar.values()].join("; "), csrf: form.token };
}

/** A GET, or a post as the browser's form would send it (this site's Origin, the CSRF token). */
async function send(site: Proc, browser: Browser, target: Target) {
  const post = target.method === "POST";
  const res = await fetch(`${site.url}${target.url}`, {
    method: target.method,
    redirect: "manual",
    headers: { cookie: browser.cookie, ...(post ? { origin: site.url, "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: post ? new URLSearchParams({ ...target.fields, csrf: browser.csrf }) : undefined,
  });
  return { status: res.status, location: res.headers.get("location") ?? "", body: await res.text() };
}

/* The API itself, as the operator's tools or another instance would call it. */

async function clientToken() {
  const res = await fetch(`${backend.url}/connect/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${backend.url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests assert the shapes
  return { status: res.status, body: (res.headers.get("content-type") ?? "").includes("json") ? ((await res.json()) as any) : null };
}

/** The first owner's access token, straight from the identity API. */
async function ownerAtApi(): Promise<string> {
  return (await api("POST", "auth/login", await clientToken(), { email: OWNER.email, password: OWNER.password })).body.result.accessToken;
}

/** A contact lead as the public form delivers it, straight to the API; its e-mail carries `tag`, so a search for the tag finds this run's leads only. */
async function apiLead(name: string, tag: string, languageCode = "en") {
  const payload = {
    projectId: PROJECT_ID,
    languageCode,
    formType: "contact",
    source: "website",
    name,
    email: `${tag}-${randomUUID()}@example.org`,
    message: "Hi",
    privacyConsent: true,
  };
  return (await api("POST", "contactForm", await clientToken(), payload)).body.result.id as number;
}

/** A lead the API refused, as this site's outbox keeps it for the delivery page (a lead is refused only when the API breaks its word). */
function refusedLead(site: { dataDir: string }, name: string) {
  const id = randomUUID();
  const db = new Database(join(site.dataDir, "outbox.sqlite"));
  const payload = {
    projectId: PROJECT_ID,
    languageCode: "en",
    formType: "contact",
    source: "website",
    name,
    email: `${id}@example.org`,
    message: "Hello",
    privacyConsent: true,
  };
  db.prepare(
    "INSERT INTO outbox (id, kind, lang, payload, status, attempts, next_attempt_at, created_at, last_error) VALUES (?, 'contactForm', 'en', ?, 'rejected', 1, 0, ?, 'API call api/contactForm answered 422')",
  ).run(id, JSON.stringify(payload), Date.now());
  db.close();
  return { id, email: payload.email };
}

/** A mail kept at /admin/mail (no SMTP_URL), with the same id on each given instance: its page then answers alike on both. */
function keptMail(sites: { dataDir: string }[], id: string) {
  const message = {
    from: "no-reply@localhost",
    to: "someone@sessions.test",
    replyTo: null,
    subject: "Hello",
    text: "Hello",
    messageId: "<x@localhost>",
    headers: {},
    purpose: "password-reset",
    lang: "en",
  };
  for (const site of sites) {
    const db = new Database(join(site.dataDir, "outbox.sqlite"));
    db.prepare(
      "INSERT INTO outbox (id, kind, lang, payload, status, attempts, next_attempt_at, created_at, delivered_at) VALUES (?, 'mail', 'en', ?, 'kept', 1, 0, ?, ?)",
    ).run(id, JSON.stringify(message), Date.now(), Date.now());
    db.close();
  }
  return id;
}

type Target = { method: "GET" | "POST"; url: string; fields: Record<string, string> };
const labelOf = (t: Target) => `${t.method} ${t.url}${Object.keys(t.fields).length ? ` ${JSON.stringify(t.fields)}` : ""}`;

/** Every test user's password. */
const PASSWORD = "walker-password-1234";

/** Refused as nobody's: sent to sign-in, 401 or 403 (405: a URL that answers no GET to anyone). */
const refused = (answer: { status: number; location: string }) =>
  [401, 403, 405].includes(answer.status) || (answer.status >= 300 && answer.status < 400 && answer.location.startsWith("/admin/sign-in"));

let ownerToken: string;
/** A job application with its photo, stored by the API. */
let leadId: number;

/** `fn` over every item, a few at a time (the site serves one render at a time; the API answers meanwhile). */
async function pooled<T, R>(items: T[], fn: (item: T) => Promise<R>, width = 4): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

describe("every back-office URL checks the session on each request (#36)", () => {
  const ids: Record<string, number> = {};
  let targets: Target[];
  /** The owner who opened every page, to be demoted later: the same session, the same cookie. */
  let walker: Browser;
  /** The back office's routes behind a session, and what their parameters are filled with. */
  let routes: SurfaceRoute[];
  let values: Record<string, string>;
  /** What each page answered the owner, who holds every permission. */
  const ownerSaw = new Map<string, number>();

  async function addUser(email: string, role: string) {
    const answer = await api("POST", "admin/users", ownerToken, { email, name: email.split("@")[0], language: "en", role, password: PASSWORD });
    expect(answer.status).toBe(201);
    ids[email] = answer.body.result.id;
  }

  async function walk(site: Proc, browser: Browser) {
    const answers = await pooled(targets, (target) => send(site, browser, target));
    return new Map(targets.map((target, i) => [labelOf(target), answers[i]]));
  }

  async function jobApplication(client: string) {
    const upload = new FormData();
    upload.append("image", new Blob([TINY_JPEG], { type: "image/jpeg" }), "me.jpg");
    upload.append("Type", "JobApplication");
    const image = await fetch(`${backend.url}/api/admin/multimedia/image`, { method: "POST", headers: { authorization: `Bearer ${client}` }, body: upload });
    const imageId = ((await image.json()) as { result: { id: string } }).result.id;
    const job = {
      projectId: PROJECT_ID,
      languageCode: "en",
      name: "Deniz Applicant",
      email: "deniz@example.org",
      phone: "+905321234567",
      position: "Nurse",
      message: "Hello",
      imageId,
    };
    return (await api("POST", "jobOffer/webMagazine", client, job)).body.result.id as number;
  }

  /** A treatment with a version of its own (publishing it again keeps one). */
  async function versionedTreatment() {
    const id = (await api("GET", "admin/content/treatment?pageSize=1", ownerToken)).body.result.data[0].id as number;
    expect((await api("POST", `admin/content/treatment/${id}/publish`, ownerToken, { languages: ["en"] })).status).toBe(200);
    const versions = await api("GET", `admin/content/treatment/${id}/versions`, ownerToken);
    return { id, versionId: versions.body.result.data[0].id as number };
  }

  beforeAll(async () => {
    // The build's own routes: every page of the back office, also those added later.
    const built = routeSurface().then((all) => all.filter((route) => route.id === "admin" || route.id.startsWith("admin.")));
    const client = await clientToken();
    ownerToken = await ownerAtApi();
    const users = {
      "walker@sessions.test": "owner",
      "leaver@sessions.test": "coordinator",
      "disabled@sessions.test": "coordinator",
      "viewer@sessions.test": "viewer",
      "writer@sessions.test": "coordinator",
      "editor@sessions.test": "editor",
    };
    const [treatment] = await Promise.all([
      versionedTreatment(),
      jobApplication(client).then((id) => (leadId = id)),
      ...Object.entries(users).map(([email, role]) => addUser(email, role)),
    ]);
    // A patient to open (ADR 048): the one with the newest lead.
    const patientId = (await api("GET", "admin/patients?pageSize=1", ownerToken)).body.result.data[0].id as number;
    // A bulletin's draft to open (ADR 057).
    const bulletinId = (await api("POST", "admin/bulletins", ownerToken, { list: "en", title: "Walk", body: "<p>Hello</p>" })).body.result.id as number;
    // And a saved version of it (ADR 060).
    await api("PUT", `admin/bulletins/${bulletinId}`, ownerToken, { list: "en", title: "Walk", body: "<p>Hello again</p>" });
    const bulletinVersion = (await api("GET", `admin/bulletins/${bulletinId}/versions`, ownerToken)).body.result.data[0].id as number;
    // A built form's editor (ADR 065).
    const definition = { name: "Walk", health: false, fields: [], pages: {} };
    const formId = (await api("POST", "admin/forms", ownerToken, { definition })).body.result.id as number;
    values = {
      "leads/:id": String(leadId),
      // A figures page's CSV (its first table): one that asks no more than the export's own read:dashboard.
      "analytics/:report": "active-users",
      "customers/:id": String(patientId),
      "users/:id": String(ids["viewer@sessions.test"]),
      "content/:kind": "treatment",
      ":kind/:id": String(treatment.id),
      // The KVKK notice's text page: its document file's screen (ADR 061).
      "page/:id": "1015",
      "versions/:versionId": String(treatment.versionId),
      "preview/:lang": "en",
      // A language's menus preview (ADR 062).
      "menus/:lang": "tr",
      "bulletins/:id": String(bulletinId),
      "versions/:version": String(bulletinVersion),
      "forms/:id": String(formId),
      "mail/:id": keptMail([siteA, siteB], `password-reset:${randomUUID()}`),
      "*": "no-such-page",
    };
    // All but the few that need no session (sign-in, sign-out, the language switch).
    const open = new Set(ADMIN_OPEN_ROUTES.map((r: { id: string }) => r.id));
    const openPaths = new Set(ADMIN_OPEN_ROUTES.map((r: { path: string }) => `/${r.path}`));
    routes = (await built).filter((r) => !open.has(r.id));
    const pages = [...new Set(routes.filter((r) => r.hasLoader).map((r) => fillParams(r.pattern, values)))];
    const actions = [...new Set(routes.filter((r) => r.hasAction).map((r) => fillParams(r.pattern, values)))];
    expect(pages.length).toBeGreaterThan(15);

    // An owner opens each page (every one answers) and, from them, every form it posts: each
    // action with the fields a browser would send it (the lead page's ?intent=…, the delivery
    // page's "send again" of a refused lead).
    refusedLead(siteA, "Walk Refused");
    walker = await signedIn(siteA, "walker@sessions.test");
    const posts = new Map<string, Target>(actions.map((url) => [url, { method: "POST", url, fields: {} }]));
    const opened = await pooled(pages, (url) => send(siteA, walker, { method: "GET", url, fields: {} }));
    pages.forEach((url, i) => {
      const page = opened[i];
      ownerSaw.set(url, page.status);
      // The shell's 404 for the unknown address, 405 for the sanitizer that takes only posts.
      const expected = url.endsWith(values["*"]) ? 404 : page.status === 405 ? 405 : 200;
      expect(page.status, `${url} as an owner`).toBe(expected);
      // In the owner's language, English: a heading and a title in words. i18next answers a key it
      // lacks with the key itself ("pipeline.board.title"), so a page reading one no locale has shows it.
      if (expected === 200 && page.body.startsWith("<!DOCTYPE html>")) {
        const words = [/<title>([^<]*)<\/title>/, /<h1[^>]*>([\s\S]*?)<\/h1>/].map(
          (tag) =>
            tag
              .exec(page.body)?.[1]
              .replace(/<[^>]+>/g, "")
              .trim() ?? "",
        );
        // A preview is the public page in its own language, with the staff member's banner marked as theirs.
        const preview = /\/preview(\?|$)/.test(url);
        expect(page.body, `${url} is in English`).toMatch(preview ? /<aside class="preview-banner"[^>]* lang="en"/ : /^<!DOCTYPE html><html lang="en"/);
        for (const text of words) expect(text, `${url}: ${words.join(" | ")}`).toMatch(/^(?![\w-]+(\.[\w-]+)+$)\S/);
      }
      for (const form of postForms(page.body, `${siteA.url}${url}`)) {
        // The back office's own posts only (a draft's preview carries the public consent banner's).
        const path = new URL(form.url, siteA.url).pathname;
        if (!path.startsWith("/admin/") || openPaths.has(path)) continue;
        // "Sign out everywhere" would end the walker's (and the viewer's) sessions, as sign-out
        // would: the walk posts to those pages without it, and its own test below covers it.
        if (form.fields.intent === "sign-out-everywhere") continue;
        const target: Target = { method: "POST", ...form };
        posts.set(labelOf(target), target);
      }
    });
    targets = [...pages.map((url): Target => ({ method: "GET", url, fields: {} })), ...posts.values()];
    // Each page of a parameter, given one that names nothing, answers a 4xx page titled as a page (a
    // bare `data?.title` once titled it "undefined" when its loader threw).
    const unknown = Object.fromEntries(Object.keys(values).map((key) => [key, "999999999"]));
    const missing = [...new Set(routes.filter((r) => r.hasLoader && r.pattern.includes(":")).map((r) => fillParams(r.pattern, unknown)))];
    const answers = await pooled(missing, (url) => send(siteA, walker, { method: "GET", url, fields: {} }));
    const titles = answers.filter((answer) => answer.body.startsWith("<!DOCTYPE html>")).map((answer) => /<title>([^<]*)<\/title>/.exec(answer.body)?.[1]);
    expect(titles.length).toBeGreaterThan(10);
    for (const [i, answer] of answers.entries()) {
      expect(answer.status, missing[i]).toBeGreaterThanOrEqual(400);
      expect(answer.status, missing[i]).toBeLessThan(500);
    }
    expect(titles.filter((title) => !title || title === "undefined")).toEqual([]);
    expect(targets.some((t) => t.method === "POST" && t.url === "/admin/delivery" && t.fields.id)).toBe(true);
  }, 60_000);

  test("each page and each post answers every role as ADMIN_PAGES declares: 403 without its permission, with it what the owner gets", async () => {
    // Each route's page name, from its id (`admin.leads`): every one must be declared.
    const pages = routes
      .filter((r) => r.id !== "admin")
      .map((route) => ({ route, name: route.id.replace(/^admin\./, "") as AdminPageName, url: fillParams(route.pattern, values) }));
    for (const { name, route } of pages) {
      expect(pageAccess(name), `${route.id} is declared`).toBeDefined();
      // A route that takes posts says who may post; one that declares posts has an action.
      expect(pageAccess(name).post !== undefined, `${route.id} declares posts`).toBe(route.hasAction);
    }
    const people = {
      owner: OWNER,
      coordinator: { email: "writer@sessions.test", password: PASSWORD },
      editor: { email: "editor@sessions.test", password: PASSWORD },
      viewer: { email: "viewer@sessions.test", password: PASSWORD },
    };
    expect(Object.keys(people).sort()).toEqual([...ROLES].sort());
    // On site B, behind the proxy that sees every call it makes to the API.
    const browsers = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, await signedIn(siteB, people[role].email, people[role].password)] as const)),
    );

    type Check = { role: (typeof ROLES)[number]; method: "GET" | "POST"; url: string; holds: boolean };
    const checks: Check[] = [];
    for (const role of ROLES) {
      const held = new Set<string>(ROLE_PERMISSIONS[role]);
      for (const { route, name, url } of pages) {
        const { permission, post } = pageAccess(name);
        if (route.hasLoader) checks.push({ role, method: "GET", url, holds: !permission || held.has(permission) });
        const intents = post === undefined ? [] : typeof post === "string" ? [""] : Object.keys(post);
        for (const intent of intents) {
          const target = intent ? `${url}?intent=${intent}` : url;
          const needs = postPermission(name, `${siteB.url}${target}`)!;
          checks.push({ role, method: "POST", url: target, holds: needs === "any" || held.has(needs) });
        }
      }
    }
    expect(checks.filter((c) => c.method === "POST" && c.url.includes("intent=")).length).toBeGreaterThan(0);
    // A post is an empty form with the form's token: one who may post gets past the permission to the
    // action, which refuses the empty form (400) or finds nothing to do (303); nothing is changed.
    const sendAll = (some: Check[]) =>
      pooled(some, async ({ role, method, url }) => {
        const post = method === "POST";
        const res = await fetch(`${siteB.url}${url}`, {
          method,
          redirect: "manual",
          headers: { cookie: browsers[role].cookie, ...(post ? { origin: siteB.url, "content-type": "application/x-www-form-urlencoded" } : {}) },
          body: post ? new URLSearchParams({ csrf: browsers[role].csrf }) : undefined,
        });
        await res.arrayBuffer();
        return { role, method, url, status: res.status, location: res.headers.get("location") ?? "" };
      });
    // Refused by the site itself, from the declaration, before any of the back office's API calls
    // (which the API would refuse too): the API is asked only who the session is.
    proxy.asked = [];
    const refused = await sendAll(checks.filter((c) => !c.holds));
    const wrong = refused.filter((a) => a.status !== 403).map((a) => `${a.role} ${a.method} ${a.url}: ${a.status}, expected 403`);
    for (const path of proxy.asked.filter((p) => p.startsWith("/api/admin/"))) wrong.push(`a refused request reached the API: ${path}`);
    const allowed = await sendAll(checks.filter((c) => c.holds));
    for (const a of allowed) {
      const passed = a.method === "GET" ? a.status === ownerSaw.get(a.url) : a.status < 500 && !a.location.startsWith("/admin/sign-in");
      if (!passed || a.status === 403) wrong.push(`${a.role} ${a.method} ${a.url}: ${a.status}, expected what the owner gets`);
    }
    expect(wrong).toEqual([]);
    // A figures CSV asks its page's permission too: a viewer sees active users, not the patients-and-conversion figures.
    const csv = (report: string) => fetch(`${siteB.url}/admin/analytics/${report}/export.csv`, { headers: { cookie: browsers.viewer.cookie } });
    expect((await csv("active-users")).status).toBe(200);
    expect((await csv("customers")).status).toBe(403);
    // Every role is refused somewhere and let in somewhere: the walk tells the two apart.
    for (const role of ROLES.filter((r) => r !== "owner"))
      expect(
        checks.some((c) => c.role === role && !c.holds),
        role,
      ).toBe(true);
  });

  test("after sign-out, and after the user is disabled, the copied cookie opens nothing on the next request", async () => {
    const [leaver, disabled] = await Promise.all([signedIn(siteA, "leaver@sessions.test"), signedIn(siteA, "disabled@sessions.test")]);
    for (const browser of [leaver, disabled]) expect((await send(siteA, browser, { method: "GET", url: "/admin/delivery", fields: {} })).status).toBe(200);

    const out = await send(siteA, leaver, { method: "POST", url: "/admin/sign-out", fields: {} });
    expect(out.location).toBe("/admin/sign-in");
    expect((await api("PATCH", `admin/users/${ids["disabled@sessions.test"]}`, ownerToken, { disabled: true })).status).toBe(200);

    for (const [who, browser] of [
      ["signed out", leaver],
      ["disabled", disabled],
    ] as const) {
      const answers = await walk(siteA, browser);
      const open = [...answers].filter(([, answer]) => !refused(answer)).map(([label, answer]) => `${label}: ${answer.status} ${answer.location}`);
      expect(open, who).toEqual([]);
    }
  });

  test("an owner demoted to viewer gets 403 on the next request wherever a viewer does, the delivery page's send again included", async () => {
    const viewer = await walk(siteA, await signedIn(siteA, "viewer@sessions.test"));
    const forbidden = [...viewer].filter(([, answer]) => answer.status === 403).map(([label]) => label);
    expect(forbidden.length).toBeGreaterThan(10);
    expect(forbidden.some((label) => label.startsWith("POST /admin/delivery {"))).toBe(true);

    expect((await api("PATCH", `admin/users/${ids["walker@sessions.test"]}`, ownerToken, { role: "viewer" })).status).toBe(200);
    const demoted = await walk(siteA, walker);
    const allowed = forbidden.filter((label) => demoted.get(label)!.status !== 403).map((label) => `${label}: ${demoted.get(label)!.status}`);
    expect(allowed).toEqual([]);
    // Still signed in, as what they are now: the viewer's menu, without the owner's pages.
    const home = await send(siteA, walker, { method: "GET", url: "/admin", fields: {} });
    expect(home.status).toBe(200);
    expect(home.body).not.toContain('href="/admin/users"');
  });
});

describe("smaller back-office fixes (#36)", () => {
  test("the language switch takes the form's token, also from the sign-in page before any session", async () => {
    const form = await signInForm(siteA);
    const post = (fields: Record<string, string>) =>
      fetch(`${siteA.url}/admin/language`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin: siteA.url },
        body: new URLSearchParams({ lng: "tr", redirectTo: "/admin/sign-in", ...fields }),
      });
    const forged = await post({});
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("admin_lng="))).toBe(false);
    const switched = await post({ csrf: form.token });
    expect(switched.status).toBe(303);
    expect(switched.headers.get("location")).toBe("/admin/sign-in");
    expect(switched.headers.getSetCookie().some((c) => c.startsWith("admin_lng="))).toBe(true);
    // The sign-in page has the switch, token and all, so staff can read it in their language before signing in.
    const onPage = postForms(form.html, `${siteA.url}/admin/sign-in`).find((f) => f.url === "/admin/language");
    expect(onPage?.fields.redirectTo).toBe("/admin/sign-in");
    expect(form.html).toMatch(/<form[^>]*action="\/admin\/language"[^>]*>(?:(?!<\/form>)[\s\S])*name="csrf"/);
  });

  test("send again of a refused lead is in the audit log: who and which lead, without the lead's personal data", async () => {
    const lead = refusedLead(siteA, "Zeynep Refused");
    const writer = await signedIn(siteA, "writer@sessions.test");
    const answer = await send(siteA, writer, { method: "POST", url: "/admin/delivery", fields: { id: lead.id } });
    expect(answer.status).toBe(303);
    const entries = (await api("GET", "admin/audit?pageSize=100", await ownerAtApi())).body.result.data as {
      action: string;
      actor: { email: string } | null;
      target: string | null;
    }[];
    const entry = entries.find((e) => e.target === `outbox:${lead.id}`);
    expect(entry).toMatchObject({ action: "outbox.send-again", actor: { email: "writer@sessions.test" } });
    expect(JSON.stringify(entry)).not.toMatch(/Zeynep|example\.org/);
  });

  test("a lead note whose answer was lost (503) is stored once when it is sent again", async () => {
    const writer = await signedIn(siteB, "writer@sessions.test");
    const page = await send(siteB, writer, { method: "GET", url: `/admin/leads/${leadId}`, fields: {} });
    const noteForm = (html: string) => postForms(html, `${siteB.url}/admin/leads/${leadId}`).find((f) => f.url.endsWith("intent=note"));
    const form = noteForm(page.body)!;
    const text = `Called back ${randomUUID()}`;
    const note: Target = { method: "POST", url: form.url, fields: { ...form.fields, text } };
    // Stored by the API, answered 503 by the balancer: the staff member sees it as not saved.
    proxy.loseNotes = true;
    const late = await send(siteB, writer, note);
    proxy.loseNotes = false;
    expect(late.status).toBe(503);
    // Sent again as it was (the browser's "send again", or the button of the form that came back).
    expect((await send(siteB, writer, note)).status).toBe(303);
    const stored = (await api("GET", `admin/leads/${leadId}`, await ownerAtApi())).body.result.notes as { text: string }[];
    expect(stored.filter((n) => n.text === text)).toHaveLength(1);
    // The form came back with the note as typed and the same key, not as an error page; the page
    // after the note was saved has a new key for the next one.
    expect(late.body).toContain(text);
    expect(noteForm(late.body)?.fields).toEqual(form.fields);
    const next = noteForm((await send(siteB, writer, { method: "GET", url: `/admin/leads/${leadId}`, fields: {} })).body)!;
    expect(next.fields.noteKey).toMatch(/^[\w-]{16,}$/);
    expect(next.fields.noteKey).not.toBe(form.fields.noteKey);
  });
});

describe("staff sessions across instances", () => {
  test("with an external API and no SMTP_URL, each instance said so in one warning line at start, and /readyz says mail is kept, not sent", async () => {
    for (const site of [siteA, siteB]) {
      expect(site.output().match(/SMTP_URL is not set/g)).toHaveLength(1);
      expect(await (await fetch(`${site.url}/readyz`)).json()).toMatchObject({ mail: "kept, not sent" });
    }
  });

  test("signed in on one instance, working on the other; no token anywhere the browser or the logs see", async () => {
    const res = await signIn(siteA, OWNER.email, OWNER.password);
    expect(res.status).toBe(303);
    const setCookie = sessionCookie(res)!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(";")[0];
    expect(cookie).not.toMatch(JWT);

    const onB = await fetch(`${siteB.url}/admin`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(onB.headers.get("cache-control")).toBe("private, no-store");
    expect(onB.headers.get("x-robots-tag")).toMatch(/noindex/);
    const html = await onB.text();
    expect(html).toContain(OWNER.name);
    expect(html).not.toMatch(JWT);
    const data = await fetch(`${siteB.url}/admin.data`, { headers: { cookie } });
    expect(data.status).toBe(200);
    expect(await data.text()).not.toMatch(JWT);
    for (const site of [siteA, siteB]) expect(site.output()).not.toMatch(JWT);
  });

  test("without a session the back office sends to sign-in, and back to the same address after", async () => {
    const res = await fetch(`${siteA.url}/admin?x=1`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/sign-in?redirectTo=%2Fadmin%3Fx%3D1");
  });

  test("a sign-in without the form's token, or from another site, is refused", async () => {
    expect((await signIn(siteA, OWNER.email, OWNER.password, { withToken: false })).status).toBe(403);
    const crossSite = await signIn(siteA, OWNER.email, OWNER.password, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(sessionCookie(crossSite)).toBeUndefined();
  });

  test("an unknown e-mail gets the wrong password's words", async () => {
    const wrong = await (await signIn(siteA, OWNER.email, "not-the-password")).text();
    const unknown = await (await signIn(siteA, "nobody@sessions.test", "not-the-password")).text();
    const message = "The e-mail or the password is wrong.";
    expect(wrong).toContain(message);
    expect(unknown).toContain(message);
  });

  test("five wrong passwords from one address: the right one from another signs in after the 2 s stated; the owner sees and lifts the lock", async () => {
    const STRANGER = "203.0.113.7";
    const HOME = "198.51.100.9";
    const guessed = { email: "guessed@sessions.test", name: "Deniz Guessed", password: "guessed-password-1234" };
    const owner = await ownerCookie(siteB);
    const created = await postForm(siteB, "/admin/users", owner, { ...guessed, role: "coordinator", language: "en" });
    expect(created.status).toBe(303);

    for (let i = 0; i < 5; i++) expect((await signIn(siteA, guessed.email, `guess-number-${i}`, { from: STRANGER })).status).toBe(401);
    // The stranger's own address is held back, even with the right password (15 s, then doubling).
    const held = await signIn(siteA, guessed.email, guessed.password, { from: STRANGER });
    expect(held.status).toBe(429);
    expect(await held.text()).toMatch(/Too many failed sign-ins\. Wait 1\d seconds, then sign in again\./);
    expect(sessionCookie(held)).toBeUndefined();

    // The person at home is told the account's short wait (ADR 031: 2 s after five failures), then gets in.
    const told = await signIn(siteB, guessed.email, guessed.password, { from: HOME });
    expect(told.status).toBe(429);
    expect(told.headers.get("retry-after")).toBe("2");
    expect(await told.text()).toContain("Too many failed sign-ins. Wait 2 seconds, then sign in again.");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = await signIn(siteB, guessed.email, guessed.password, { from: HOME });
    expect(after.status).toBe(303);
    expect(sessionCookie(after)).toBeDefined();

    // The owner sees who is being guessed at, from where, and lifts it.
    const row = await userRow(siteB, owner, guessed.email);
    expect(row).toContain("5 in the last hour");
    expect(row).toContain(`<code>${STRANGER}</code> 5 failures`);
    expect(row).toContain("held back until");
    expect(row).toContain(`aria-label="Lift the sign-in lock for ${guessed.name}"`);
    const id = row.match(/href="\/admin\/users\/(\d+)"/)![1];
    const lifted = await postForm(siteB, "/admin/users", owner, { intent: "unlock", id });
    expect(lifted.status).toBe(303);
    expect(lifted.headers.get("location")).toBe("/admin/users");
    expect(await userRow(siteB, owner, guessed.email)).toContain("None in the last hour");
    // Lifted for every address: the stranger's next guess is checked (and wrong) at once.
    expect((await signIn(siteA, guessed.email, "guess-number-6", { from: STRANGER })).status).toBe(401);

    const audit = await (await fetch(`${siteB.url}/admin/audit`, { headers: { cookie: owner } })).text();
    for (const words of [
      "Sign-in held back after failures",
      "Sign-in refused: had to wait",
      "Sign-in lock lifted",
      `From ${STRANGER}; asked to wait`,
      `From ${HOME}; asked to wait 2 s`,
    ]) {
      expect(audit).toContain(words);
    }
  });
});

describe("the pipeline, without JavaScript (#41)", () => {
  const PIPER = { email: "piper@sessions.test", name: "Pip Coordinator" };
  const MATE = { email: "mate@sessions.test", name: "Mate Colleague" };
  let piper: Browser;
  let mateId: number;
  /** This run's leads carry it in their e-mail: a search for it lists only them. */
  const tag = randomUUID().slice(0, 8);

  /** What a reader sees of a page: its text without scripts and tags, spaces collapsed. */
  const textOf = (html: string) =>
    html
      .replace(/<script\b[\s\S]*?<\/script>/g, "")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, " ");

  const newLead = (name: string) => apiLead(name, tag);

  /** A form of the page (hidden fields) with `fields` typed in, posted as the browser would; repeated names as arrays. */
  async function post(url: string, fields: Record<string, string | string[]>, as = piper) {
    const body = new URLSearchParams({ csrf: as.csrf });
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    const res = await fetch(`${siteA.url}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: as.cookie, origin: siteA.url, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    return { status: res.status, location: res.headers.get("location") ?? "" };
  }
  const page = async (url: string, as = piper) => (await send(siteA, as, { method: "GET", url, fields: {} })).body;

  beforeAll(async () => {
    const token = await ownerAtApi();
    const add = (user: { email: string; name: string }) =>
      api("POST", "admin/users", token, { ...user, language: "en", role: "coordinator", password: PASSWORD }).then((a) => a.body.result.id as number);
    [, mateId] = await Promise.all([add(PIPER), add(MATE)]);
    piper = await signedIn(siteA, PIPER.email);
  });

  test("the board moves a lead to offer sent with its plain form and comes back; the lead's history says who did it and when", async () => {
    const name = `Board Lead ${tag}`;
    const id = await newLead(name);
    const board = await page("/admin/leads/board");
    const move = postForms(board, `${siteA.url}/admin/leads/board`).find((form) => form.fields.id === String(id))!;
    const before = Date.now();
    expect(await post(move.url, { ...move.fields, status: "offer_sent" })).toMatchObject({ status: 303, location: "/admin/leads/board" });

    const column = (html: string, stage: string) => html.split("<section").find((part) => part.includes(`id="stage-${stage}"`)) ?? "";
    const after = await page("/admin/leads/board");
    expect(column(after, "offer_sent")).toContain(name);
    expect(column(after, "new")).not.toContain(name);

    const history = (await page(`/admin/leads/${id}`)).split('class="admin-history"')[1].split("</ol>")[0];
    expect(textOf(history)).toContain("Status : New → Offer sent");
    const [, at, who] = /<time dateTime="([^"]+)">([^<]*)<\/time>/.exec(history.replaceAll("<!-- -->", ""))!;
    expect(who).toMatch(/^Pip Coordinator, /);
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(at)).toBeLessThanOrEqual(Date.now());
  });

  test("Overdue lists a lead whose follow-up day has passed and not one whose day is ahead; bulk assign hands two ticked leads to a colleague", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [late, ahead] = await Promise.all([newLead(`Late Lead ${tag}`), newLead(`Ahead Lead ${tag}`)]);
    expect(await post(`/admin/leads/${late}?intent=pipeline`, { followUpOn: day(-2) })).toMatchObject({ status: 303 });
    expect(await post(`/admin/leads/${ahead}?intent=pipeline`, { followUpOn: day(5) })).toMatchObject({ status: 303 });

    const overdue = textOf(await page(`/admin/leads?view=overdue&q=${tag}`));
    expect(overdue).toContain(`Late Lead ${tag}`);
    expect(overdue).not.toContain(`Ahead Lead ${tag}`);

    const inbox = await page(`/admin/leads?q=${tag}`);
    const bulk = postForms(inbox, `${siteA.url}/admin/leads`).find((form) => form.url === "/admin/leads/bulk")!;
    const answer = await post(bulk.url, { ...bulk.fields, id: [String(late), String(ahead)], assigneeId: String(mateId) });
    expect(answer).toMatchObject({ status: 303, location: `/admin/leads?q=${tag}` });
    const mate = await signedIn(siteA, MATE.email);
    const mine = textOf(await page(`/admin/leads?view=mine&q=${tag}`, mate));
    expect(mine).toContain(`Late Lead ${tag}`);
    expect(mine).toContain(`Ahead Lead ${tag}`);
    expect(textOf(await page(`/admin/leads?view=mine&q=${tag}`))).not.toContain(`Lead ${tag}`);
  });

  test("a lead entered by hand is in the inbox at once with its source, once however often its form is sent, and its page says who entered it", async () => {
    const name = `Walk In ${tag}`;
    const form = postForms(await page("/admin/leads/new"), `${siteA.url}/admin/leads/new`).find((f) => f.url === "/admin/leads/new")!;
    const fields = { source: "whatsapp", formType: "offer", name, phone: "+90 532 111 22 33", languageCode: "ar", message: "Asked about implants" };
    const answer = await post(form.url, { ...form.fields, ...fields });
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/admin\/leads\/\d+$/);
    // The same form sent again (a second click before the page changed) is the same lead, not another.
    expect(await post(form.url, { ...form.fields, ...fields })).toMatchObject({ status: 303, location: answer.location });
    const row = (await page(`/admin/leads?q=${encodeURIComponent(name)}`))
      .split("<tr")
      .slice(1)
      .find((part) => part.includes(name))!;
    expect(textOf(row)).toContain("Offer request, source: WhatsApp");
    expect(textOf(row)).toContain("+905321112233");
    expect(textOf(await page(answer.location))).toContain("Entered by Pip Coordinator");
  });

  test("an edited note shows its earlier text, who wrote it and when, in its history", async () => {
    const id = await newLead(`Noted Lead ${tag}`);
    const lead = `/admin/leads/${id}`;
    const note = postForms(await page(lead), `${siteA.url}${lead}`).find((form) => form.url.endsWith("intent=note"))!;
    expect((await post(note.url, { ...note.fields, text: "Wants a call on Monday" })).status).toBe(303);
    const edit = postForms(await page(lead), `${siteA.url}${lead}`).find((form) => form.url.endsWith("intent=noteEdit"))!;
    expect((await post(edit.url, { ...edit.fields, text: "Wants a call on Tuesday" })).status).toBe(303);

    const notes = textOf((await page(lead)).split('class="admin-notes"')[1]);
    expect(notes).toContain("Wants a call on Tuesday");
    expect(notes).toMatch(/Edited by Pip Coordinator, /);
    expect(notes).toMatch(/Earlier text Pip Coordinator, .+ Wants a call on Monday/);
  });

  test("the owner's figures count today's new leads, the booked one as a patient and a hand-entered one by its source, in English and Turkish", async () => {
    const token = await ownerAtApi();
    const owners = [
      { email: `en-${tag}@sessions.test`, name: "Ema Owner", language: "en" },
      { email: `tr-${tag}@sessions.test`, name: "Tuna Owner", language: "tr" },
    ];
    await Promise.all(owners.map((o) => api("POST", "admin/users", token, { ...o, role: "owner", password: PASSWORD })));
    const [en, tr] = await Promise.all(owners.map((o) => signedIn(siteA, o.email)));
    // The clinic's day (Istanbul), as the figures count them.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date());
    const figures = async (as: Browser) => {
      const html = await page(`/admin/analytics/customers?from=${today}&to=${today}`, as);
      const figure = (name: string) => Number(new RegExp(`data-figure="${name}">([^<]+)<`).exec(html)?.[1]);
      return { html, text: textOf(html), leads: figure("leads"), patients: figure("patients") };
    };
    const before = await figures(en);
    expect(before.leads).toBeGreaterThanOrEqual(0);
    const booked = await newLead(`Figures Lead ${tag}`);
    const move = postForms(await page("/admin/leads/board"), `${siteA.url}/admin/leads/board`).find((form) => form.fields.id === String(booked))!;
    expect((await post(move.url, { ...move.fields, status: "booked" })).status).toBe(303);
    const form = postForms(await page("/admin/leads/new"), `${siteA.url}/admin/leads/new`).find((f) => f.url === "/admin/leads/new")!;
    const fields = {
      source: "phone",
      formType: "offer",
      name: `Figures Caller ${tag}`,
      phone: "+90 532 111 22 44",
      languageCode: "tr",
      countryCode: "DE",
      message: "Called",
    };
    expect((await post(form.url, { ...form.fields, ...fields })).status).toBe(303);

    const after = await figures(en);
    expect(after.leads).toBe(before.leads + 2);
    expect(after.patients).toBe(before.patients + 1);
    // Earlier tests of this file entered a lead from WhatsApp: the phone call's row is among the sources.
    expect(after.text).toMatch(/Leads entered by hand, by source Source Count (?:[^\d]+ \d+ )*phone call 1\b/);
    expect(after.text).toMatch(/Median time to first answer 0 min/);
    // Countries by name in the reader's language, not by code.
    expect(after.text).toMatch(/Per country .*Germany 1 /);
    const turkish = await figures(tr);
    expect([turkish.leads, turkish.patients]).toEqual([after.leads, after.patients]);
    expect(turkish.text).toContain(`Hastalar (randevu alan veya tedavi edilen) ${after.patients} `);
    expect(turkish.text).toContain("Elle girilen talepler, kaynağa göre");
    expect(turkish.text).toMatch(/Almanya 1 /);
    // A reversed period is refused and shown back as typed.
    const wrong = textOf(await page(`/admin/analytics/customers?from=${today}&to=2000-01-01`, en));
    expect(wrong).toContain("Choose a from day on or before the to day");
  });
});

describe("staff accounts (#41)", () => {
  test("a new password that is trivial or one of the commonest is refused in the staff member's language, what was typed kept", async () => {
    const owner = await ownerCookie(siteA);
    // The same owner reading Turkish: the header's language switch, as the browser posts it.
    const csrf = (await (await fetch(`${siteA.url}/admin/users`, { headers: { cookie: owner } })).text()).match(/name="csrf" value="([^"]+)"/)![1];
    const switched = await fetch(`${siteA.url}/admin/language`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: owner, origin: siteA.url },
      body: new URLSearchParams({ lng: "tr", redirectTo: "/admin/users", csrf }),
    });
    const turkish = switched.headers
      .getSetCookie()
      .find((c) => c.startsWith("admin_lng="))!
      .split(";")[0];
    const cookies = { en: owner, tr: `${owner}; ${turkish}` } as const;
    const typed = { email: "weak@sessions.test", name: "Zeynep Weak", role: "coordinator", language: "en" };
    const cases: { password: string; lang: keyof typeof cookies; words: string }[] = [
      { password: "aaaaaaaaaaaa", lang: "en", words: "This password is a pattern" },
      { password: "password1234", lang: "en", words: "This password is one of the most common ones" },
      { password: "password1234", lang: "tr", words: "Bu parola en sık kullanılan parolalardan biri" },
    ];
    for (const { password, lang, words } of cases) {
      const res = await postForm(siteA, "/admin/users", cookies[lang], { ...typed, password });
      expect(res.status, password).toBe(422);
      const html = (await res.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(words);
      expect(html).toContain(`value="${typed.email}"`);
      expect(html).toContain(`value="${typed.name}"`);
      expect(html).not.toContain(`value="${password}"`);
    }
    expect(await userRow(siteA, owner, typed.email)).toBe("");
    // The same check guards a changed password (the user page), and the API itself.
    const created = await postForm(siteA, "/admin/users", owner, { ...typed, password: PASSWORD });
    expect(created.status).toBe(303);
    const id = (await userRow(siteA, owner, typed.email)).match(/href="\/admin\/users\/(\d+)"/)![1];
    const changed = await postForm(siteA, `/admin/users/${id}`, owner, { intent: "password", password: "qwertyuiop123" });
    expect(changed.status).toBe(422);
    expect(await changed.text()).toContain("This password is one of the most common ones");
    expect((await api("PATCH", `admin/users/${id}`, await ownerAtApi(), { password: "abcdefghijklm" })).body.errors[0].message).toBe("password_trivial");
  });
});

describe("staff sessions and leavers (#41)", () => {
  const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

  test("'Sign out everywhere' ends a session in another browser; the user page names each session's device", async () => {
    const who = { email: "everywhere@sessions.test", name: "Emre Everywhere", password: PASSWORD };
    expect((await api("POST", "admin/users", await ownerAtApi(), { ...who, language: "en", role: "coordinator" })).status).toBe(201);
    const laptop = await signedIn(siteA, who.email);
    // A second browser, on the other instance, that says what it is.
    const form = await signInForm(siteB);
    const res = await fetch(`${siteB.url}/admin/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin: siteB.url, "user-agent": FIREFOX },
      body: new URLSearchParams({ email: who.email, password: who.password, csrf: form.token }),
    });
    expect(res.status).toBe(303);
    const phone: Browser = { cookie: `${form.cookie}; ${sessionCookie(res)!.split(";")[0]}`, csrf: form.token };

    const account = (await send(siteA, laptop, { method: "GET", url: "/admin/account", fields: {} })).body.replaceAll("<!-- -->", "");
    expect(account).toContain("Firefox 133 on Windows 10");
    expect(account).toContain("(this session)");
    expect(account).toMatch(/Last signed in at /);

    const ended = await send(siteA, laptop, { method: "POST", url: "/admin/account", fields: { intent: "sign-out-everywhere" } });
    expect(ended.status).toBe(303);
    expect(ended.location).toBe("/admin/sign-in");
    for (const [site, browser] of [
      [siteB, phone],
      [siteA, laptop],
    ] as const) {
      const next = await send(site, browser, { method: "GET", url: "/admin/leads", fields: {} });
      expect(next.status).toBe(302);
      expect(next.location).toMatch(/^\/admin\/sign-in/);
    }
    // The owner can do the same for anyone, from the user page.
    const again = await signedIn(siteA, who.email);
    const owner = await ownerCookie(siteB);
    const id = (await userRow(siteB, owner, who.email)).match(/href="\/admin\/users\/(\d+)"/)![1];
    expect((await postForm(siteB, `/admin/users/${id}`, owner, { intent: "sign-out-everywhere" })).status).toBe(303);
    expect((await send(siteA, again, { method: "GET", url: "/admin/leads", fields: {} })).status).toBe(302);
    const audit = (await (await fetch(`${siteB.url}/admin/audit`, { headers: { cookie: owner } })).text()).replaceAll("<!-- -->", "");
    expect(audit).toContain("Signed out everywhere");
    expect(audit).toContain("2 sessions ended");
  });

  test("disabling a leaver with a colleague chosen moves their leads to the colleague, and the audit log says so", async () => {
    const token = await ownerAtApi();
    const made = await Promise.all(
      ["leaving@sessions.test", "staying@sessions.test"].map((email) =>
        api("POST", "admin/users", token, { email, name: email.split("@")[0], language: "en", role: "coordinator", password: PASSWORD }),
      ),
    );
    const [leaver, colleague] = made.map((answer) => answer.body.result.id as number);
    const client = await clientToken();
    const lead = {
      projectId: PROJECT_ID,
      languageCode: "en",
      formType: "contact",
      source: "website",
      name: "Handed Over",
      email: "h@example.org",
      message: "Hi",
      privacyConsent: true,
    };
    const leads = await Promise.all([1, 2].map(async () => (await api("POST", "contactForm", client, lead)).body.result.id as number));
    for (const id of leads) expect((await api("PATCH", `admin/leads/${id}`, token, { assigneeId: leaver })).status).toBe(200);

    const owner = await ownerCookie(siteA);
    const page = await (await fetch(`${siteA.url}/admin/users/${leaver}`, { headers: { cookie: owner } })).text();
    expect(page).toContain(`<option value="${colleague}"`);
    const saved = await postForm(siteA, `/admin/users/${leaver}`, owner, {
      intent: "profile",
      name: "leaving",
      role: "coordinator",
      language: "en",
      disabled: "on",
      handOverTo: String(colleague),
    });
    expect(saved.status).toBe(303);
    for (const id of leads) expect((await api("GET", `admin/leads/${id}`, token)).body.result.assignee?.id).toBe(colleague);
    const audit = (await (await fetch(`${siteA.url}/admin/audit`, { headers: { cookie: owner } })).text()).replaceAll("<!-- -->", "");
    expect(audit).toContain("Leads handed over");
    expect(audit).toContain("2 leads to staying");
  });
});

describe("two-factor sign-in (#41)", () => {
  /** A form posted from a page the browser has open (its token), from an address of its own. */
  async function post(site: Proc, cookie: string, path: string, fields: Record<string, string>, from: string) {
    const page = await (await fetch(`${site.url}${path}`, { headers: { cookie } })).text();
    const csrf = page.match(/name="csrf" value="([^"]+)"/)![1];
    return fetch(`${site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: site.url, "x-forwarded-for": from },
      body: new URLSearchParams({ ...fields, csrf }),
    });
  }
  const cookiesOf = (res: Response, before = "") => {
    const jar = new Map(before ? before.split("; ").map((pair) => [pair.split("=")[0], pair]) : []);
    for (const set of res.headers.getSetCookie()) jar.set(set.split("=")[0], set.split(";")[0]);
    return [...jar.values()].join("; ");
  };

  test("set up from the account page; sign-in then asks for the code, takes a recovery code once, refuses and throttles wrong codes", async () => {
    const who = { email: "twofactor@sessions.test", name: "Tuna Twofactor", password: PASSWORD };
    expect((await api("POST", "admin/users", await ownerAtApi(), { ...who, language: "en", role: "coordinator" })).status).toBe(201);
    const FROM = "192.0.2.41";
    const browser = await signedIn(siteA, who.email);
    const setup = (await (await post(siteA, browser.cookie, "/admin/account", { intent: "two-factor-setup" }, FROM)).text()).replaceAll("<!-- -->", "");
    expect(setup).toContain("<svg");
    const secret = setup.match(/<code dir="ltr">([A-Z2-7]{16,})<\/code>/)![1];
    const confirmed = (
      await (await post(siteA, browser.cookie, "/admin/account", { intent: "two-factor-confirm", code: generateSync({ secret }) }, FROM)).text()
    ).replaceAll("<!-- -->", "");
    const recovery = [...confirmed.matchAll(/<code>([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})<\/code>/g)].map((m) => m[1]);
    expect(recovery).toHaveLength(10);
    // Once confirmed, the secret never comes back to the browser.
    expect(await (await fetch(`${siteA.url}/admin/account`, { headers: { cookie: browser.cookie } })).text()).not.toContain(secret);

    /** The password step: a pending sign-in's cookie, and no session. */
    async function password(from = FROM) {
      const form = await signInForm(siteB);
      const res = await fetch(`${siteB.url}/admin/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin: siteB.url, "x-forwarded-for": from },
        body: new URLSearchParams({ email: who.email, password: who.password, csrf: form.token, redirectTo: "/admin/leads" }),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/admin/sign-in/code?redirectTo=%2Fadmin%2Fleads");
      expect(sessionCookie(res)).toBeUndefined();
      return cookiesOf(res, form.cookie);
    }
    const code = (pending: string, typed: string, from = FROM) =>
      post(siteB, pending, "/admin/sign-in/code", { code: typed, redirectTo: "/admin/leads" }, from);

    // Half signed in grants nothing else.
    const pending = await password();
    const elsewhere = await fetch(`${siteB.url}/admin/leads`, { headers: { cookie: pending }, redirect: "manual" });
    expect(elsewhere.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    // The app's next code (the one confirmed is used up), then a recovery code, which then no longer works.
    const withApp = await code(pending, generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    expect(withApp.status).toBe(303);
    expect(withApp.headers.get("location")).toBe("/admin/leads");
    expect(sessionCookie(withApp)).toBeDefined();
    const withRecovery = await code(await password(), recovery[0].toUpperCase());
    expect(withRecovery.status).toBe(303);
    expect(sessionCookie(withRecovery)).toBeDefined();
    const again = await code(await password(), recovery[0]);
    expect(again.status).toBe(401);
    expect(await again.text()).toContain("That code is not right, or was already used.");

    // Wrong codes count as failed sign-ins (ADR 031's keys): held back within five, even a right code.
    const STRANGER = "203.0.113.41";
    const guessing = await password(STRANGER);
    const statuses: number[] = [];
    let held: Response | undefined;
    for (let i = 0; i < 5 && !held; i++) {
      const res = await code(guessing, String(100000 + i), STRANGER);
      statuses.push(res.status);
      if (res.status === 429) held = res;
      else await res.arrayBuffer();
    }
    expect(statuses[0]).toBe(401);
    expect(held, statuses.join(", ")).toBeDefined();
    expect(await held!.text()).toMatch(/Too many failed sign-ins\. Wait \d+ seconds/);
    expect((await code(guessing, recovery[1], STRANGER)).status).toBe(429);
  });
  test("an owner turns off a colleague's two-factor sign-in (a lost phone) from the user page: the colleague then signs in with the password alone", async () => {
    const who = { email: "lostphone@sessions.test", name: "Lale Lostphone", password: PASSWORD };
    const created = await api("POST", "admin/users", await ownerAtApi(), { ...who, language: "en", role: "coordinator" });
    const id = created.body.result.id as number;
    const token = (await api("POST", "auth/login", await clientToken(), { email: who.email, password: who.password })).body.result.accessToken;
    const { secret } = (await api("POST", "admin/account/two-factor/setup", token)).body.result;
    expect((await api("POST", "admin/account/two-factor/confirm", token, { code: generateSync({ secret }) })).status).toBe(200);

    const owner = await ownerCookie(siteA);
    const userPage = async () => (await (await fetch(`${siteA.url}/admin/users/${id}`, { headers: { cookie: owner } })).text()).replaceAll("<!-- -->", "");
    expect(await userPage()).toContain("On: signing in takes a code from their authenticator app.");
    const reset = await postForm(siteA, `/admin/users/${id}`, owner, { intent: "two-factor-reset" });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe(`/admin/users/${id}`);
    const after = await userPage();
    expect(after).toMatch(/<h2>Two-factor sign-in<\/h2><p>Off\.<\/p>/);
    expect(after).not.toContain('value="two-factor-reset"');

    const form = await signInForm(siteB);
    const signIn = await fetch(`${siteB.url}/admin/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin: siteB.url },
      body: new URLSearchParams({ email: who.email, password: who.password, csrf: form.token }),
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe("/admin");
    const audit = (await api("GET", `admin/audit?action=user.two-factor`, await ownerAtApi())).body.result.data as {
      target: string;
      facts: { change: string };
    }[];
    expect(audit.find((entry) => entry.target === `user:${id}` && entry.facts.change === "reset")).toBeDefined();
  });
});

describe("two-factor sign-in required per role (#41)", () => {
  test("the owner requires it of editors: an editor without it sets it up as the sign-in's second step, signed in only once a code confirms it", async () => {
    const owner = await ownerCookie(siteA);
    const who = { email: "required@sessions.test", name: "Rana Required", password: PASSWORD };
    expect((await api("POST", "admin/users", await ownerAtApi(), { ...who, language: "en", role: "editor" })).status).toBe(201);
    expect((await postForm(siteA, "/admin/settings?intent=twoFactor", owner, { role: "editor" })).status).toBe(303);
    try {
      const settings = (await (await fetch(`${siteA.url}/admin/settings`, { headers: { cookie: owner } })).text()).replaceAll("<!-- -->", "");
      expect(settings).toContain("Required now for: Editor");

      // The password, on the other instance: no session, a sign-in waiting for its setup.
      const form = await signInForm(siteB);
      const res = await fetch(`${siteB.url}/admin/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, origin: siteB.url },
        body: new URLSearchParams({ email: who.email, password: who.password, csrf: form.token, redirectTo: "/admin/content" }),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/admin/sign-in/code?redirectTo=%2Fadmin%2Fcontent");
      expect(sessionCookie(res)).toBeUndefined();
      const pendingJar = [form.cookie, ...res.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
      const elsewhere = await fetch(`${siteB.url}/admin/content`, { headers: { cookie: pendingJar }, redirect: "manual" });
      expect(elsewhere.headers.get("location")).toMatch(/^\/admin\/sign-in/);

      const page = (
        await (await fetch(`${siteB.url}/admin/sign-in/code?redirectTo=%2Fadmin%2Fcontent`, { headers: { cookie: pendingJar } })).text()
      ).replaceAll("<!-- -->", "");
      expect(page).toContain("Set up two-factor sign-in");
      expect(page).toContain("<svg");
      const secret = page.match(/<code dir="ltr">([A-Z2-7]{16,})<\/code>/)![1];
      const send = async (code: string) => {
        const csrf = page.match(/name="csrf" value="([^"]+)"/)![1];
        return fetch(`${siteB.url}/admin/sign-in/code?redirectTo=%2Fadmin%2Fcontent`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: pendingJar, origin: siteB.url },
          body: new URLSearchParams({ code, csrf, redirectTo: "/admin/content" }),
        });
      };
      const wrong = await send("000000");
      expect(wrong.status).toBe(401);
      expect(sessionCookie(wrong)).toBeUndefined();
      const done = await send(generateSync({ secret }));
      expect(done.status).toBe(200);
      const shown = (await done.text()).replaceAll("<!-- -->", "");
      expect([...shown.matchAll(/<code>([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4})<\/code>/g)]).toHaveLength(10);
      expect(shown).toContain('href="/admin/content"');
      const session = sessionCookie(done)!.split(";")[0];
      const account = await (await fetch(`${siteB.url}/admin/account`, { headers: { cookie: session } })).text();
      expect(account.replaceAll("<!-- -->", "")).toContain("On: signing in asks for a code from your authenticator app. 10 recovery codes left.");
    } finally {
      expect((await postForm(siteA, "/admin/settings?intent=twoFactor", owner, {})).status).toBe(303);
    }
  });
});

describe("the daily digest of overdue follow-ups (#41)", () => {
  /** The digest mail rows an instance's outbox keeps (its DATA_DIR), as /admin/mail lists them. */
  const digestMail = (dataDir: string) => {
    const db = new Database(join(dataDir, "outbox.sqlite"), { readonly: true });
    try {
      return (db.prepare("SELECT id, payload FROM outbox WHERE kind = 'mail' AND id LIKE 'digest:%'").all() as { id: string; payload: string }[]).map(
        (row) => ({ id: row.id, ...(JSON.parse(row.payload) as { to: string; subject: string; text: string; lang: string }) }),
      );
    } finally {
      db.close();
    }
  };
  const waitFor = async (check: () => boolean, what: string) => {
    const end = Date.now() + 20_000;
    while (!check()) {
      if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  test("two instances, each with its own outbox, and a restart with and without its disk make one digest a day: one mail per person, counts and a link only", async () => {
    const tag = randomUUID().slice(0, 8);
    const token = await ownerAtApi();
    const coordinator = { email: `digest-${tag}@sessions.test`, name: "Deniz Digest" };
    const coordinatorId = (await api("POST", "admin/users", token, { ...coordinator, language: "tr", role: "coordinator", password: PASSWORD })).body.result
      .id as number;
    const lead = (name: string) => apiLead(name, tag, "ar");
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const plan = [
      { followUpOn: yesterday },
      { followUpOn: yesterday },
      // Not overdue: done with, or not due yet.
      { followUpOn: yesterday, status: "booked" },
      { followUpOn: tomorrow },
    ];
    for (const [i, change] of plan.entries()) {
      const id = await lead(`Digest Patient ${tag} ${i}`);
      expect((await api("PATCH", `admin/leads/${id}`, token, { ...change, assigneeId: coordinatorId })).status).toBe(200);
    }

    const on = { MAIL_DIGEST_AT: "00:00" };
    const [siteC, siteD] = await Promise.all([startSite(backend.url, on), startSite(backend.url, on)]);
    try {
      await waitFor(() => [siteC, siteD].every((site) => site.output().includes("mail: overdue digest made")), "both instances to ask for the digest");
      // The owner reads it at /admin/mail of the instance that made it.
      const holder = [siteC, siteD].find((site) => digestMail(site.dataDir).some((mail) => mail.to === coordinator.email))!;
      const list = await (await fetch(`${holder.url}/admin/mail`, { headers: { cookie: await ownerCookie(holder) } })).text();
      const row = list.split("<tr").find((part) => part.includes(coordinator.email))!;
      expect(row).toContain("Overdue follow-ups");
      expect(row).toContain("Yönetim panelinde 2 geciken takip");
      // A restart on the same disk, and one on a new disk (a container without a lasting volume).
      await Promise.all([siteC.stop(), siteD.stop()]);
      const [againC, freshD] = await Promise.all([startSite(backend.url, on, siteC.dataDir), startSite(backend.url, on)]);
      try {
        await waitFor(() => freshD.output().includes("mail: overdue digest made elsewhere"), "the new instance to be told the day is taken");
        expect(againC.output()).not.toContain("overdue digest job stored");

        const mails = [siteC, siteD, freshD].flatMap((site) => digestMail(site.dataDir));
        const recipients = mails.map((mail) => mail.to);
        expect(new Set(recipients).size).toBe(recipients.length);
        const mine = mails.filter((mail) => mail.to === coordinator.email);
        expect(mine).toHaveLength(1);
        expect(mine[0]).toMatchObject({ lang: "tr", subject: "Yönetim panelinde 2 geciken takip" });
        expect(mine[0].text).toContain("Size atanmış 2 talebin takip tarihi geçti.");
        expect(mine[0].text).toContain("/admin/leads?view=overdue");
        expect(mine[0].text).not.toContain("Digest Patient");
        expect(mine[0].text).not.toContain(tag);
      } finally {
        await Promise.all([againC.stop(), freshD.stop()]);
      }
    } finally {
      await Promise.all([siteC.stop(), siteD.stop()]);
    }
  }, 90_000);
});
