import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { signInToSite } from "../support/site-sign-in";
import { contentFormDefaults } from "../../app/lib/admin/content-form";

/*
 * Web push end to end over real HTTP (#44, ADR 058): a browser's subscription stored through the
 * public route, a notification written, previewed and confirmed on the admin send page, delivered
 * through the outbox to a local receiver standing in for a push service, which decrypts it
 * (aes128gcm, RFC 8291); a push service's 410 removes the subscription. And the permission: the
 * send page is the notification admin's, a grant the owner gives on the user page. And "new
 * discovery" notices (ADR 059): an editor's publish with "notify subscribers" asks for one, the
 * notification admin approves it into one push per browser of its language and source.
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

  test("a deal published with 'notify subscribers' asks one pending notice; the editor cannot approve it; the notification admin's approve, pressed twice, queues one push per Turkish new-discovery browser", async () => {
    const cookie = await visitor(true);
    const browsers = { trA: ["tr", ["3"]], trB: ["tr", ["2", "3"]], en: ["en", ["3"]], trBulletin: ["tr", ["2"]] } as const;
    const endpoints: Record<string, string> = {};
    const keys = browserKeys();
    for (const [name, [language, sources]] of Object.entries(browsers)) {
      endpoints[name] = `${receiverUrl}/notice-${name}/${randomBytes(6).toString("hex")}`;
      expect((await subscribe(cookie, { endpoint: endpoints[name], p256dh: keys.p256dh, auth: keys.authText, language }, [...sources])).status).toBe(204);
    }

    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const editor = { email: "notice-editor@push.test", password: "notice-editor-password-5678" };
    const made = await adminPost(owner, "/admin/users", { email: editor.email, name: "Nur Editor", role: "editor", language: "en", password: editor.password });
    expect(made.status).toBe(303);
    const asEditor = await signInToSite(site.url, editor.email, editor.password);

    // The editor's form for deal 401 as a browser sends it: every field as the API holds it, Publish in Turkish, the box ticked.
    const publish = async () => {
      const html = await (await fetch(`${site.url}/admin/content/specialDeal/401`, { headers: { cookie: asEditor.cookie } })).text();
      expect(html).toContain('name="notify"');
      const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
      const shared = JSON.parse(db.prepare("SELECT fields FROM content_items WHERE kind = 'specialDeal' AND id = 401").pluck().get() as string);
      const rows = db.prepare("SELECT lang, fields FROM content_texts WHERE kind = 'specialDeal' AND id = 401").all() as { lang: string; fields: string }[];
      db.close();
      const values = contentFormDefaults("specialDeal", shared, Object.fromEntries(rows.map((r) => [r.lang, JSON.parse(r.fields)])), []);
      const form = new URLSearchParams(
        [...html.matchAll(/<input\b[^>]*\bname="(csrf|version)"[^>]*\bvalue="([^"]*)"/g)].map(([, name, value]) => [name, value]),
      );
      for (const [name, value] of Object.entries(values.shared)) for (const one of [value].flat()) form.append(`shared.${name}`, one);
      for (const [lang, fields] of Object.entries(values.texts)) for (const [name, value] of Object.entries(fields)) form.set(`texts.${lang}.${name}`, value);
      form.set("intent", "publish");
      form.set("languages", "tr");
      form.set("notify", "on");
      const res = await fetch(`${site.url}/admin/content/specialDeal/401`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: asEditor.cookie, origin: site.url },
        body: form,
      });
      return { status: res.status, body: await res.text() };
    };
    const notices = () => {
      const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
      try {
        return db.prepare("SELECT id, language, message, status, notification_id FROM push_notices WHERE kind = 'specialDeal' AND item_id = 401").all() as {
          id: number;
          language: string;
          message: string;
          status: string;
          notification_id: number | null;
        }[];
      } finally {
        db.close();
      }
    };
    const first = await publish();
    expect(first.status, first.body).toBe(303);
    expect((await publish()).status).toBe(303);
    const asked = notices();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ language: "tr", status: "pending", notification_id: null });
    // Prefilled from the published deal: its Turkish page.
    expect(JSON.parse(asked[0].message).link).toMatch(/^\/tr\/.+\/401$/);
    const id = String(asked[0].id);

    // Editors may ask, not send: the page and its post are the notification admin's.
    const decision = { id, intent: "approve", title: "Yeni fırsat", body: "Bahar fırsatı yayında" };
    expect((await fetch(`${site.url}/admin/notifications/notices`, { headers: { cookie: asEditor.cookie } })).status).toBe(403);
    expect((await adminPost(asEditor, "/admin/notifications/notices", decision)).status).toBe(403);
    expect(notices()[0].status).toBe("pending");

    const listed = await (await fetch(`${site.url}/admin/notifications/notices`, { headers: { cookie: owner.cookie } })).text();
    expect(listed).toContain(`data-notice="${id}"`);
    for (let i = 0; i < 2; i++) {
      const approved = await adminPost(owner, "/admin/notifications/notices", decision);
      expect(approved.status).toBe(303);
    }
    const [done] = notices();
    expect(done.status).toBe("approved");
    // Approved once: one notification in the history, whose fan-out (an idempotent job) a second approve queues no second time.
    const sent = (() => {
      const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
      try {
        return db.prepare("SELECT id FROM push_notifications WHERE messages LIKE '%Yeni fırsat%'").pluck().all() as number[];
      } finally {
        db.close();
      }
    })();
    expect(sent).toEqual([done.notification_id]);
    const notification = done.notification_id!;
    const expected = (() => {
      const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
      try {
        return (db.prepare("SELECT id FROM push_subscriptions WHERE language = 'tr' AND (sources & 4) <> 0 ORDER BY id").pluck().all() as number[]).map(
          (sub) => `push:${notification}:${sub}`,
        );
      } finally {
        db.close();
      }
    })();
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const jobs = () => {
      const db = new Database(join(dataDir, "outbox.sqlite"), { readonly: true });
      try {
        return db.prepare("SELECT id, status FROM outbox WHERE id LIKE ? ORDER BY id").all(`push:${notification}:%`) as { id: string; status: string }[];
      } finally {
        db.close();
      }
    };
    const queued = await eventually(jobs, (j) => j.length >= expected.length && j.every((job) => job.status !== "pending"));
    expect(queued.map((job) => job.id)).toEqual([...expected].sort());
    expect(new Set(queued.map((job) => job.status))).toEqual(new Set(["sent"]));
    // Each Turkish new-discovery browser got it once, as the admin left it; the English one and the bulletin-only one nothing.
    const got = received.filter((r) => r.path.includes("/notice-"));
    expect(got.map((r) => r.path.split("/")[1]).sort()).toEqual(["notice-trA", "notice-trB"]);
    const plain = JSON.parse(ece.decrypt(got[0].body, { version: "aes128gcm", privateKey: keys.ecdh, authSecret: keys.authText }).toString("utf8"));
    expect(plain).toMatchObject({ title: "Yeni fırsat", body: "Bahar fırsatı yayında", lang: "tr" });
    const audit = await (await fetch(`${site.url}/admin/audit`, { headers: { cookie: owner.cookie } })).text();
    expect(audit).toContain("Notice to subscribers approved");

    // The visitor's opt-out (the footer's button posts this): another site's post is refused, the site's removes it.
    const optOut = (origin: string) =>
      fetch(`${site.url}/push/subscription`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin },
        body: new URLSearchParams({ intent: "unsubscribe", endpoint: endpoints.trB }),
      });
    expect((await optOut("https://evil.test")).status).toBe(403);
    expect(subscriptions().map((s) => s.endpoint)).toContain(endpoints.trB);
    expect((await optOut(site.url)).status).toBe(204);
    expect(subscriptions().map((s) => s.endpoint)).not.toContain(endpoints.trB);
  });
});
