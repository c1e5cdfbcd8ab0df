import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { signInToSite } from "../support/site-sign-in";

/*
 * Web push end to end over real HTTP (#44, ADR 058): a browser's subscription stored through the
 * public route, a notification written, previewed and confirmed on the admin send page, delivered
 * through the outbox to a local receiver standing in for a push service, which decrypts it
 * (aes128gcm, RFC 8291); a push service's 410 removes the subscription. And the permission: the
 * send page is the notification admin's, a grant the owner gives on the user page.
 */
let site: Proc;
let dataDir: string;
let receiver: Server;
let receiverUrl: string;
const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
const OWNER = { email: "owner@push.test", password: "push-owner-password-1234" };

beforeAll(async () => {
  // A push service on loopback: /gone/… answers 410 as for a browser that unsubscribed, the rest 201.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith("/gone/") ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const port = await freePort();
  dataDir = tempDir("remed-push-");
  site = await startProcess(
    "build/server.js",
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
      FORM_MIN_FILL_SECONDS: "0",
      MAIL_DIGEST_AT: "off",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      PUSH_LOOPBACK_ENDPOINTS: "1",
    },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const subscriptions = () => {
  const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
  try {
    return db.prepare("SELECT endpoint, language, sources FROM push_subscriptions ORDER BY id").all() as {
      endpoint: string;
      language: string;
      sources: number;
    }[];
  } finally {
    db.close();
  }
};

/** A browser of the site: its consent cookie (functional cookies allowed, or not). */
async function visitor(accept: boolean) {
  const res = await fetch(`${site.url}/consent`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
    body: new URLSearchParams(accept ? { intent: "accept", redirectTo: "/" } : { intent: "reject", redirectTo: "/" }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** What a browser's pushManager.subscribe makes: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString("base64url"), authText: auth.toString("base64url") };
}

function subscribe(cookie: string, fields: Record<string, string>, sources = ["3"], origin = site.url) {
  const form = new URLSearchParams({ intent: "subscribe", ...fields });
  for (const source of sources) form.append("source", source);
  return fetch(`${site.url}/push/subscription`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin },
    body: form,
  });
}

async function adminPost(who: { cookie: string; csrf: string }, path: string, fields: Record<string, string>) {
  const res = await fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: who.cookie, origin: site.url },
    body: new URLSearchParams({ csrf: who.csrf, ...fields }),
  });
  return { status: res.status, location: res.headers.get("location") ?? "", body: await res.text() };
}

describe("web push (issue 44, ADR 058)", () => {
  test("a stored subscription gets the notification sent from the send page, encrypted for it with the source as Topic; one whose push service answers 410 is removed", async () => {
    const cookie = await visitor(true);
    const kept = browserKeys();
    const gone = browserKeys();
    const okEndpoint = `${receiverUrl}/ok/${randomBytes(6).toString("hex")}`;
    const goneEndpoint = `${receiverUrl}/gone/${randomBytes(6).toString("hex")}`;
    for (const [endpoint, keys] of [
      [okEndpoint, kept],
      [goneEndpoint, gone],
    ] as const) {
      expect((await subscribe(cookie, { endpoint, p256dh: keys.p256dh, auth: keys.authText, language: "tr" })).status).toBe(204);
    }
    // Refused: without functional cookies, from another site, to a host that is no push service.
    const rejected = await visitor(false);
    expect((await subscribe(rejected, { endpoint: `${receiverUrl}/x`, p256dh: kept.p256dh, auth: kept.authText, language: "tr" })).status).toBe(403);
    expect(
      (await subscribe(cookie, { endpoint: `${receiverUrl}/y`, p256dh: kept.p256dh, auth: kept.authText, language: "tr" }, ["3"], "https://evil.test")).status,
    ).toBe(403);
    expect((await subscribe(cookie, { endpoint: "https://10.0.0.1/push", p256dh: kept.p256dh, auth: kept.authText, language: "tr" })).status).toBe(400);
    expect(subscriptions().map((s) => s.endpoint)).toEqual([okEndpoint, goneEndpoint]);

    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const message = { "messages.tr.title": "Yeni kampanya", "messages.tr.body": "Diş tedavisinde bahar indirimi", "messages.tr.link": "/tr/kampanyalar" };
    // The preview says how many browsers it would reach, and sends nothing.
    const preview = await adminPost(owner, "/admin/notifications/send", { intent: "preview", source: "3", ...message });
    expect(preview.status).toBe(200);
    expect(preview.body).toContain('data-recipients="2"');
    expect(preview.body).toContain("Diş tedavisinde bahar indirimi");
    expect(received).toEqual([]);
    const sent = await adminPost(owner, "/admin/notifications/send", { intent: "send", source: "3", ...message });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe("/admin/notifications");

    const delivered = await eventually(
      () => received.filter((r) => r.path.startsWith("/ok/") || r.path.startsWith("/gone/")),
      (r) => r.length === 2,
    );
    const ok = delivered.find((r) => r.path.startsWith("/ok/"))!;
    expect(ok.headers["content-encoding"]).toBe("aes128gcm");
    expect(ok.headers.topic).toBe("source-3");
    expect(Number(ok.headers.ttl)).toBeGreaterThan(0);
    expect(ok.headers.authorization).toMatch(/^vapid t=/);
    const plain = JSON.parse(ece.decrypt(ok.body, { version: "aes128gcm", privateKey: kept.ecdh, authSecret: kept.authText }).toString("utf8"));
    expect(plain).toMatchObject({ title: "Yeni kampanya", body: "Diş tedavisinde bahar indirimi", url: "/tr/kampanyalar", lang: "tr" });

    // The 410: that browser's subscription is gone; the history counts one delivered, one failed.
    expect((await eventually(subscriptions, (s) => s.length === 1)).map((s) => s.endpoint)).toEqual([okEndpoint]);
    const history = await eventually(
      async () => (await fetch(`${site.url}/admin/notifications`, { headers: { cookie: owner.cookie } })).text(),
      (html) => /data-figure="failed">1</.test(html),
    );
    expect(history).toMatch(/data-figure="recipients">2</);
    expect(history).toMatch(/data-figure="delivered">1</);
    expect(history).toMatch(/data-figure="failed">1</);
  });

  test("the send page is the notification admin's: an editor gets 403 on it by URL and by POST until the owner gives the grant on the user page", async () => {
    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const editor = { email: "editor@push.test", password: "editor-password-5678" };
    const created = await adminPost(owner, "/admin/users", {
      email: editor.email,
      name: "Eda Editor",
      role: "editor",
      language: "en",
      password: editor.password,
    });
    expect(created.status).toBe(303);
    const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
    const id = (db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(editor.email) as number) ?? 0;
    db.close();

    const asEditor = await signInToSite(site.url, editor.email, editor.password);
    const open = () => fetch(`${site.url}/admin/notifications/send`, { headers: { cookie: asEditor.cookie } });
    expect((await open()).status).toBe(403);
    const post = await adminPost(asEditor, "/admin/notifications/send", {
      intent: "send",
      source: "1",
      "messages.en.title": "x",
      "messages.en.body": "y",
      "messages.en.link": "/",
    });
    expect(post.status).toBe(403);

    const granted = await adminPost(owner, `/admin/users/${id}`, {
      intent: "profile",
      name: "Eda Editor",
      role: "editor",
      language: "en",
      notificationAdmin: "on",
    });
    expect(granted.status).toBe(303);
    const userPage = await (await fetch(`${site.url}/admin/users/${id}`, { headers: { cookie: owner.cookie } })).text();
    expect(userPage).toContain("Notification admin");
    // The grant counts from the editor's next sign-in (or token renewal, at most 5 minutes).
    const again = await signInToSite(site.url, editor.email, editor.password);
    expect((await fetch(`${site.url}/admin/notifications/send`, { headers: { cookie: again.cookie } })).status).toBe(200);
    const audit = await (await fetch(`${site.url}/admin/audit`, { headers: { cookie: owner.cookie } })).text();
    expect(audit).toContain("notification admin granted");
  });
});
