import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN_PAGES } from "../../app/route-patterns.js";
import { filesHolding, uniqueLeadValues } from "../support/erasure";
import { storedLeads } from "../support/leads";
import { signInToSite } from "../support/site-sign-in";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";

// First-party page views (ADR 050) on a site and DATA_DIR of their own, with the embedded backend:
// what the active-users page shows is exactly what the visitors below did. The daily cap is small,
// so the flood at the end reaches it.
const OWNER = { email: "owner@visitors.test", password: "owner-password-1234" };
const METRICS_TOKEN = "visitors-metrics-token-1234";
const DAILY_CAP = 40;
const PER_MINUTE = 20;
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let site: Proc;
let owner: string;
let ownerCsrf: string;
let dataDir: string;
/** Each client its own address (the site trusts the loopback proxy's X-Forwarded-For), so no limit is shared by accident. */
let nextAddress = 1;
const address = () => `203.0.113.${nextAddress++}`;

beforeAll(async () => {
  const port = await freePort();
  site = await startProcess(
    "build/server.js",
    {
      PORT: String(port),
      DATA_DIR: (dataDir = tempDir("remed-visitors-")),
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PER_MINUTE: "5000",
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
      ANALYTICS_EVENTS_PER_MINUTE: String(PER_MINUTE),
      ANALYTICS_MAX_EVENTS_PER_DAY: String(DAILY_CAP),
      METRICS_TOKEN,
      // Form events are sent at once here; the fill time has tests of its own (lead-forms.test.ts).
      FORM_MIN_FILL_SECONDS: "0",
      MAIL_DIGEST_AT: "off",
      LOG_LEVEL: "warn",
    },
    `http://127.0.0.1:${port}/healthz`,
  );
  ({ cookie: owner, csrf: ownerCsrf } = await signInToSite(site.url, OWNER.email, OWNER.password));
}, 30_000);

afterAll(() => site?.stop());

/** A visitor's browser: its cookies, its address and user agent. */
interface Browser {
  cookie: string;
  from: string;
  ua: string;
}

/** The consent banner's button, posted as the form does without JavaScript. */
async function choose(intent: "accept" | "reject", ua = BROWSER): Promise<Browser> {
  const from = address();
  const res = await fetch(`${site.url}/consent`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url, "x-forwarded-for": from, "user-agent": ua },
    body: new URLSearchParams({ intent, redirectTo: "/en" }),
  });
  expect(res.status).toBe(303);
  return { cookie: res.headers.getSetCookie()[0].split(";")[0], from, ua };
}

/** What page-view-reporter sends with JavaScript: sendBeacon with a string, so text/plain. */
function beacon(browser: Browser, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${site.url}/analytics/event`, {
    method: "POST",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      origin: site.url,
      cookie: browser.cookie,
      "x-forwarded-for": browser.from,
      "user-agent": browser.ua,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A page as a browser without JavaScript gets it, and the pixel its <noscript> names, loaded as the browser would. */
async function visitWithoutJs(browser: Browser, path: string) {
  const headers = { cookie: browser.cookie, "x-forwarded-for": browser.from, "user-agent": browser.ua };
  const html = await (await fetch(`${site.url}${path}`, { headers })).text();
  const pixel = html.match(/<img class="pixel" src="(\/analytics\/pixel\.gif[^"]*)"/)?.[1].replaceAll("&amp;", "&");
  if (pixel) {
    const res = await fetch(`${site.url}${pixel}`, { headers });
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("cache-control")).toBe("no-store");
  }
  return pixel;
}

/** The active-users page's figures and table rows, as the owner reads them. */
async function activeUsers() {
  const html = await (await fetch(`${site.url}/admin/analytics/active-users`, { headers: { cookie: owner } })).text();
  const figure = (name: string) => Number(html.match(new RegExp(`data-figure="${name}">([\\d,]+)<`))?.[1].replace(/,/g, ""));
  /** The rows of one table, by its heading: [label, views]. */
  const table = (heading: string) => {
    const part = html.split(`<h2>${heading}</h2>`)[1]?.split("<h2>")[0] ?? "";
    return [...part.matchAll(/<th scope="row">([^<]*)<\/th><td[^>]*>(\d+)<\/td>/g)].map((m) => [m[1], Number(m[2])]);
  };
  return { html, visitors: figure("visitors"), views: figure("views"), today: figure("today"), now: figure("now"), table };
}

/** A lead form's page as this browser gets it without JavaScript, and a post of it with its hidden fields. */
async function openFormAs(browser: Browser, path: string) {
  const headers = { "x-forwarded-for": browser.from, "user-agent": browser.ua };
  const res = await fetch(`${site.url}${path}`, { headers: { ...headers, cookie: browser.cookie } });
  const html = await res.text();
  const cookie = [browser.cookie, ...res.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
  const hidden = Object.fromEntries([...html.matchAll(/<input[^>]*name="(csrf|\w+__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const send = (fields: Record<string, string>) =>
    fetch(`${site.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, cookie, origin: site.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...hidden, ...fields }),
    });
  return { send };
}

/** The form funnels page as the owner reads it: a funnel's row by `kind/lang`, its steps as numbers. */
async function formFunnels() {
  const html = await (await fetch(`${site.url}/admin/analytics/forms`, { headers: { cookie: owner } })).text();
  const row = (key: string) => {
    const [kind, lang] = key.split("/");
    const part = html.split(`data-table="funnel-${kind}"`)[1]?.split(`<tr data-row="${lang}">`)[1]?.split("</tr>")[0];
    if (!part) return undefined;
    const steps = [...part.matchAll(/data-figure="(\w+)" data-value="(\d*)"/g)];
    return Object.fromEntries(steps.map((m) => [m[1], m[1] === "medianSeconds" ? m[2] : Number(m[2])]));
  };
  return { html, row };
}

/** The visitor id a consent cookie carries. */
const visitorIdOf = (browser: Browser) =>
  (JSON.parse(Buffer.from(decodeURIComponent(browser.cookie.split("=")[1]), "base64").toString()) as { clientId: string }).clientId;

async function counted(outcome: string) {
  const text = await (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(text.match(new RegExp(`analytics_events_total\\{outcome="${outcome}"\\} (\\d+)`))?.[1] ?? 0);
}

/** The offer form as this browser opens and sends it without JavaScript: the page's hidden fields, its cookies and the browser's. */
async function sendOffer(browser: Browser, values: ReturnType<typeof uniqueLeadValues>) {
  const headers = { cookie: browser.cookie, "x-forwarded-for": browser.from, "user-agent": browser.ua };
  const page = await fetch(`${site.url}/en/get-an-offer`, { headers });
  const html = await page.text();
  const hidden = Object.fromEntries([...html.matchAll(/<input[^>]*name="(csrf|\w+__confirm)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const treatment = /name="treatment"[\s\S]*?<option value="(\d+)"/.exec(html)![1];
  const cookie = [browser.cookie, ...page.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ");
  const fields = { name: values.name, email: values.email, phoneCountry: "TR", phone: values.phoneTyped, country: "TR", treatment, contactChannel: "email" };
  const res = await fetch(`${site.url}/en/get-an-offer`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie, origin: site.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...hidden, ...fields, privacyConsent: "on" }),
  });
  expect(res.status).toBe(303);
}

/** The customer active users page as the owner reads it: its figures and its list's rows, each as text with its patient link. */
async function customerActiveUsers() {
  const html = (await (await fetch(`${site.url}/admin/analytics/customer-active-users`, { headers: { cookie: owner } })).text()).replaceAll("<!-- -->", "");
  const figure = (name: string) => Number(html.match(new RegExp(`data-figure="${name}">([\\d,]+)<`))?.[1].replace(/,/g, ""));
  const rows = [...html.matchAll(/<tr data-lead="\d+"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => ({
    text: m[1].replace(/<[^>]+>/g, " "),
    patient: Number(m[1].match(/href="\/admin\/customers\/(\d+)"/)?.[1]),
  }));
  return { html, visitors: figure("visitors"), leads: figure("leads"), rows };
}

describe("first-party page views", () => {
  test("a visitor who accepted cookies and reads 5 pages in 2 languages is exactly one visitor with 5 views", async () => {
    const visitor = await choose("accept");
    const visit = "tab0000000000000000000a";
    const pages = [
      "/en/about-us?utm_source=news&utm_medium=mail&utm_campaign=spring&email=a%40b.c",
      "/en/treatments",
      "/en/contact",
      "/tr/hakkimizda",
      "/tr/iletisim",
    ];
    for (const [i, url] of pages.entries()) {
      const res = await beacon(visitor, { url, referrer: i === 0 ? "https://www.google.com/search?q=hair" : "", visit, screen: "large" });
      expect(res.status).toBe(204);
    }
    await expect.poll(async () => (await activeUsers()).views, { timeout: 10_000 }).toBe(5);
    const page = await activeUsers();
    expect(page).toMatchObject({ visitors: 1, views: 5, today: 1, now: 1 });
    expect(page.table("Page views per language")).toEqual([
      ["English", 3],
      ["Turkish", 2],
    ]);
    // The first page is the visit's entry; the referrer is a domain; UTM tags and nothing else of the query.
    expect(page.table("Top pages")).toHaveLength(5);
    expect(page.table("Entry pages")).toEqual([["/en/about-us", 1]]);
    expect(page.table("Referring sites")).toEqual([["www.google.com", 1]]);
    expect(page.table("Campaigns (source / medium / campaign)")).toEqual([["news / mail / spring", 1]]);
    expect(page.table("Devices")).toEqual([["Desktop", 5]]);
    expect(page.table("Browsers")).toEqual([["Chrome", 5]]);
    expect(page.html).not.toContain("a@b.c");
  });

  test("every figures page offers each of its tables as CSV, with the rows the page shows", async () => {
    // Every analytics page in the menu, from the declarations: a figures page added later is checked too.
    const pages = ADMIN_PAGES.filter((p) => p.path.startsWith("analytics/") && "menu" in p && p.menu);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const parse = (csv: string) =>
      csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n")
        .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replaceAll('""', '"')));
    let files = 0;
    for (const page of pages) {
      const html = await (await fetch(`${site.url}/admin/${page.path}`, { headers: { cookie: owner } })).text();
      // Each table ends with its link: the rows before a link, after the one before, are that table's.
      const parts = html.split(/<a href="(\/admin\/analytics\/[a-z-]+\/export\.csv\?[^"]+)" download="">/);
      expect(parts.length, page.path).toBeGreaterThan(1);
      for (let i = 1; i < parts.length; i += 2) {
        const res = await fetch(`${site.url}${parts[i].replaceAll("&amp;", "&")}`, { headers: { cookie: owner } });
        expect(res.status, parts[i]).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        const [head, ...rows] = parse(await res.text());
        const shown = [
          ...(parts[i - 1]
            .split("</table>")
            .at(-2)
            ?.matchAll(/<tr data-row=/g) ?? []),
        ].length;
        if (parts[i - 1].includes("<table")) expect(rows.length, parts[i]).toBe(shown);
        expect(head.length).toBeGreaterThan(1);
        files++;
      }
    }
    expect(files).toBeGreaterThanOrEqual(15);
    // The numbers themselves: the top pages as the first test's visitor made them.
    const top = await fetch(`${site.url}/admin/analytics/active-users/export.csv?table=topPages`, { headers: { cookie: owner } });
    expect(top.headers.get("content-disposition")).toMatch(/^attachment; filename="analytics-active-users-topPages-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = parse(await top.text());
    expect(head).toEqual(["Top pages", "Page views"]);
    expect(rows).toHaveLength(5);
    expect(rows).toContainEqual(["/en/about-us", "1"]);
    // No such report or table, and no session: nothing.
    for (const path of ["audit/export.csv?table=x", "active-users/export.csv?table=nope"]) {
      expect((await fetch(`${site.url}/admin/analytics/${path}`, { headers: { cookie: owner } })).status).toBe(404);
    }
    expect((await fetch(`${site.url}/admin/analytics/active-users/export.csv?table=topPages`, { redirect: "manual" })).status).toBe(302);
  });

  test("without JavaScript the page's own pixel records the view; rejected cookies, staff and bots record nothing", async () => {
    const noJs = await choose("accept");
    expect(await visitWithoutJs(noJs, "/en/contact")).toBe("/analytics/pixel.gif?p=%2Fen%2Fcontact");

    // Rejected, with JavaScript (the beacon sent anyway) and without (no pixel on the page, one loaded anyway).
    const rejected = await choose("reject");
    expect((await beacon(rejected, { url: "/en/contact", visit: null })).status).toBe(204);
    const rejectedNoJs = await choose("reject");
    expect(await visitWithoutJs(rejectedNoJs, "/en/contact")).toBeUndefined();
    await fetch(`${site.url}/analytics/pixel.gif?p=%2Fen%2Fcontact`, { headers: { cookie: rejectedNoJs.cookie, "x-forwarded-for": rejectedNoJs.from } });
    // A signed-in staff member who once accepted cookies as a visitor, and a crawler that did.
    const staff = await choose("accept");
    expect((await beacon({ ...staff, cookie: `${staff.cookie}; ${owner}` }, { url: "/en/contact" })).status).toBe(204);
    const bot = await choose("accept", BOT);
    expect((await beacon(bot, { url: "/en/contact" })).status).toBe(204);
    // A body's visitor id is never asked for: it names nobody.
    expect((await beacon(rejected, { url: "/en/contact", visitorId: "1.1" })).status).toBe(204);

    // One more accepted visitor after them all: once its view is in, everything sent before it is too (one queue, in order).
    await beacon(await choose("accept"), { url: "/tr/iletisim" });
    await expect.poll(async () => (await activeUsers()).views, { timeout: 10_000 }).toBe(7);
    expect((await activeUsers()).visitors).toBe(3);
  });

  test("a consenting visitor's offer lists its patient with the views before and after it; a rejecting one's is not linked; erasing the patient erases the visitor's views", async () => {
    const visitor = await choose("accept");
    const visitorId = JSON.parse(Buffer.from(decodeURIComponent(visitor.cookie.split("=")[1]), "base64").toString()).clientId as string;
    const tab = "tab0000000000000000000c";
    for (const [i, url] of ["/en/treatments?utm_source=news&utm_medium=mail&utm_campaign=autumn", "/en/about-us", "/en/get-an-offer"].entries()) {
      expect((await beacon(visitor, { url, referrer: i === 0 ? "https://www.google.com/" : "", visit: tab })).status).toBe(204);
    }
    const customer = uniqueLeadValues("linked");
    await sendOffer(visitor, customer);
    const stranger = uniqueLeadValues("unlinked");
    await sendOffer(await choose("reject"), stranger);
    // The lead has reached the API (the outbox delivers within a second) before the next view, a new tab's.
    await expect.poll(async () => (await customerActiveUsers()).rows.length, { timeout: 10_000 }).toBe(1);
    expect((await beacon(visitor, { url: "/en/contact", visit: "tab0000000000000000000d" })).status).toBe(204);
    await expect.poll(async () => (await customerActiveUsers()).rows[0].text, { timeout: 10_000 }).toContain("1 visit, 1 page view");
    const page = await customerActiveUsers();
    expect(page).toMatchObject({ visitors: 1, leads: 1 });
    const [row] = page.rows;
    expect(row.text).toContain(customer.name);
    expect(row.text).toContain("1 visit, 3 page views");
    expect(row.text).toContain("/en/treatments · www.google.com · news / mail / autumn");
    expect(row.patient).toBeGreaterThan(0);
    expect(page.html).not.toContain(stranger.name);
    // The id is linked beside the lead, not among the fields staff read, export and search.
    const stored = storedLeads(dataDir).find((lead) => lead.payload.email === customer.email)!;
    expect(stored.payload.name).toBe(customer.name);
    expect(JSON.stringify(stored.payload)).not.toContain(visitorId);
    // The page names who it counts.
    expect(page.html).toContain("Only visitors who allowed performance and analysis cookies are linked");

    const before = await activeUsers();
    const erased = await fetch(`${site.url}/admin/customers/${row.patient}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: owner, origin: site.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ confirm: "on", csrf: ownerCsrf }),
    });
    expect(erased.status).toBe(303);
    expect(await customerActiveUsers()).toMatchObject({ visitors: 0, leads: 0, rows: [] });
    // The visitor is gone from today's actives; the views per day and page are roll-ups without an id, and stay.
    expect(await activeUsers()).toMatchObject({ today: before.today - 1, visitors: before.visitors - 1, views: before.views });
    expect(filesHolding(dataDir, [visitorId])).toEqual([]);
  });

  test("junk, oversized and foreign posts to the beacon answer 4xx, never 5xx", async () => {
    const visitor = await choose("accept");
    const junk: [string, RequestInit, number][] = [
      ["not JSON", { body: "{nope" }, 400],
      ["a JSON array", { body: "[1,2,3]" }, 400],
      ["a wrong field", { body: JSON.stringify({ url: 42 }) }, 400],
      ["a long visit id", { body: JSON.stringify({ url: "/en", visit: "x".repeat(200) }) }, 400],
      ["too large", { body: JSON.stringify({ url: "/en", referrer: "x".repeat(10_000) }) }, 413],
      ["a form", { body: "url=%2Fen", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415],
      // Form events (ADR 054): only the fields and codes of the form the page carries.
      ["a form event on a page without a form", { body: JSON.stringify({ url: "/en", form: { type: "started" } }) }, 400],
      ["a field the form does not have", { body: JSON.stringify({ url: "/en/contact", form: { type: "abandoned", field: "password" } }) }, 400],
      ["an error without its code", { body: JSON.stringify({ url: "/en/contact", form: { type: "error", field: "email" } }) }, 400],
      ["a value for a code", { body: JSON.stringify({ url: "/en/contact", form: { type: "error", field: "email", code: "a@b.c" } }) }, 400],
      ["an event only the server sends", { body: JSON.stringify({ url: "/en/contact", form: { type: "accepted" } }) }, 400],
      ["another site's page", { body: JSON.stringify({ url: "/en" }), headers: { origin: "https://evil.example" } }, 403],
    ];
    for (const [, init, status] of junk) {
      const res = await beacon(visitor, init.body as string, (init.headers ?? {}) as Record<string, string>);
      expect(res.status).toBe(status);
    }
    expect((await fetch(`${site.url}/analytics/event`)).status).toBe(405);
    expect((await fetch(`${site.url}/analytics/pixel.gif`)).status).toBe(400);
  });

  test("without JavaScript a form's posts count as sent and accepted, and delivered; nothing counts as started; without consent nothing with a visitor id is stored", async () => {
    const contact = { name: "Elif Kaya", email: "elif@example.com", message: "Please call me.", privacyConsent: "on" };
    // The earlier tests' views of /en/contact (each waited for its own events to be in).
    const earlier = (await formFunnels()).row("contact/en") ?? { views: 0 };
    // Without consent first: once the consenting visitor's events are in, this one's would be too (one queue, in order).
    const rejected = await choose("reject");
    expect((await (await openFormAs(rejected, "/en/contact")).send(contact)).status).toBe(303);

    const visitor = await choose("accept");
    await visitWithoutJs(visitor, "/en/contact");
    const form = await openFormAs(visitor, "/en/contact");
    const refused = await form.send({ ...contact, message: "" });
    expect(refused.status).toBe(400);
    expect((await form.send(contact)).status).toBe(303);

    // Views: this visit's page besides the earlier ones; delivered: both leads, consent or not.
    // The view too: page views and form events reach the API through two queues, each flushed on its own.
    await expect
      .poll(async () => (await formFunnels()).row("contact/en"), { timeout: 10_000 })
      .toMatchObject({ views: Number(earlier.views) + 1, delivered: 2, accepted: 1 });
    const page = await formFunnels();
    expect(page.row("contact/en")).toMatchObject({ views: Number(earlier.views) + 1, started: 0, submitted: 2, accepted: 1, delivered: 2 });
    expect(Number(page.row("contact/en")?.medianSeconds)).toBeGreaterThanOrEqual(0);
    expect(page.html).toContain('data-row="contact/message/required"');
    expect(page.html.split('data-table="stops"')[1].split('data-table="errors"')[0]).not.toContain("data-row=");
    expect(page.html).not.toContain("elif@example.com");

    const events = new Database(join(dataDir, "analytics.sqlite"), { readonly: true });
    try {
      // The contact form's: the linked offer's events of the test before may still be on their way.
      const visitors = events.prepare("SELECT DISTINCT visitor_id FROM form_events WHERE kind = 'contact'").pluck().all();
      expect(visitors).toEqual([visitorIdOf(visitor)]);
    } finally {
      events.close();
    }
  });

  test("a visitor is limited per minute, and a flood from many addresses stops at the day's cap", async () => {
    // Pages outside the site are not recorded, but count towards the visitor's limit.
    const visitor = await choose("accept");
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i++) statuses.push((await beacon({ ...visitor, from: address() }, { url: "/en/nowhere" })).status);
    expect(statuses.slice(0, PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    // Forged visitor ids from as many addresses: 12 views and 7 form events (the contact form sent
    // twice, refused with one error, accepted; the linked offer sent and accepted) are in (an erased
    // visitor's still count in the day's total), so 21 more fit under the cap of 40.
    const formEvents = 7;
    const stored = 12 + formEvents;
    const flood = 50;
    const cookieName = visitor.cookie.split("=")[0];
    for (let i = 0; i < flood; i++) {
      const res = await beacon({ cookie: `${cookieName}=${consentValue(`${i}.1700000000`)}`, from: address(), ua: BROWSER }, { url: "/en" });
      expect(res.status).toBe(204);
    }
    await expect.poll(() => counted("refused"), { timeout: 10_000 }).toBe(flood - (DAILY_CAP - stored));
    expect((await activeUsers()).views).toBe(DAILY_CAP - formEvents);
  });
});

/** The consent cookie as the site writes it (unsigned JSON, base64): anyone can forge one, which is why the cap exists. */
function consentValue(clientId: string) {
  const json = JSON.stringify({ requiredCookies: true, performanceAndAnalysisCookies: true, functionalityCookies: false, clientId });
  return encodeURIComponent(Buffer.from(json).toString("base64"));
}
