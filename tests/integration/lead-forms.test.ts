import { createHash, createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { filesHolding, uniqueLeadValues } from "../support/erasure";
import { TINY_JPEG } from "../support/images";
import { storedLeads } from "../support/leads";
import { freePort, startProcess, tempDir, type Proc } from "../support/processes";
import { signInToSite } from "../support/site-sign-in";
import { startSmtpSink } from "../support/smtp-sink";
import { openLeadForm } from "../../scripts/lead-form.mjs";

// The lead forms against the production server and its embedded backend: what a bot, a replay or
// odd input gets, and what the clinic finally stores.
let site: Proc;
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const OWNER = { email: "owner@forms.test", password: "forms-owner-password-1234" };
const WEBHOOK_SECRET = "forms-mail-webhook-secret-0123456789";
beforeAll(async () => {
  const port = await freePort();
  dataDir = tempDir("remed-forms-");
  // Mail leaves through SMTP to a sink on loopback, and is listed at /admin/mail too.
  smtp = await startSmtpSink();
  // The default minimum fill time (2 s): this file shows it at work. It posts more forms than the
  // default ten a minute from one address (the limit has its own tests).
  site = await startProcess(
    "build/server.js",
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      SMTP_URL: smtp.url,
      MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    `http://127.0.0.1:${port}/healthz`,
  );
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The leads the embedded backend stored (what `npm run leads` prints). */
const leadsOf = (email: string) => storedLeads(dataDir).filter((lead) => lead.payload.email === email);

async function eventually<T>(read: () => T, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = read();
  while (!ok(value) && Date.now() < deadline) {
    await sleep(300);
    value = read();
  }
  return value;
}

/** A visitor opens a form page; `send` posts it with the page's hidden fields and the given values. */
async function openForm(path: string) {
  const { cookie, hidden } = await openLeadForm(site.url + encodeURI(path));
  const send = (fields: Record<string, string>, extra = "") =>
    fetch(site.url + encodeURI(path), {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...hidden, ...fields }).toString() + extra,
      redirect: "manual",
    });
  return { send, hidden, cookie };
}

const contact = (email: string, more: Record<string, string> = {}) => ({
  name: "Elif Kaya",
  email,
  message: "Please call me about a hair transplant.",
  privacyConsent: "on",
  ...more,
});

describe("bots, replays and forged fields", () => {
  test("a form sent at once is refused with its values kept; sent after the fill time it is accepted once, and a replay is refused", async () => {
    const form = await openForm("/en/contact");
    const email = `stamp-${Date.now()}@example.com`;
    const early = await form.send(contact(email));
    expect(early.status).toBe(400);
    const page = await early.text();
    expect(page).toContain("We could not accept this form. Please send it again.");
    expect(page).toContain(`value="${email}"`);

    await sleep(2_100);
    const accepted = await form.send(contact(email));
    expect(accepted.status).toBe(303);
    const replay = await form.send(contact(email));
    expect(replay.status).toBe(403);
    expect(await replay.text()).toContain("This form has expired. Please send it again");
    expect(
      await eventually(
        () => leadsOf(email),
        (l) => l.length === 1,
      ),
    ).toHaveLength(1);
    await sleep(1_000);
    expect(leadsOf(email)).toHaveLength(1);
  });

  test("leaving out both honeypot fields does not get past the honeypot", async () => {
    const form = await openForm("/tr/iletisim");
    await sleep(2_100);
    const { csrf } = form.hidden;
    const res = await fetch(`${site.url}${encodeURI("/tr/iletisim")}`, {
      method: "POST",
      headers: { cookie: `csrf=${encodeURIComponent("x")}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf, ...contact("bot@example.com") }).toString(),
      redirect: "manual",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Bu formu kabul edemedik");
  });

  test("a sparse index or deep nesting gets the short 400 page at once, in the page's language; a repeated field is the form's", async () => {
    const form = await openForm("/fr/contact");
    await sleep(2_100);
    for (const crafted of [`&x[2000000000]=1`, `&${"a.".repeat(50_000)}a=x`]) {
      const started = Date.now();
      const res = await form.send(contact("crafted@example.com"), crafted);
      expect(res.status).toBe(400);
      expect(Date.now() - started).toBeLessThan(2_000);
      const html = await res.text();
      expect(html.length).toBeLessThan(5_000);
      expect(html).toContain("Cette demande n’a pas pu être lue");
    }
    // A field sent twice is no attack: the form comes back with the first value's error.
    const res = await form.send(contact("not-an-address", { name: "" }), `&email=second@example.com&preferredDay=x`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Veuillez saisir une adresse électronique valide");
    expect(html).not.toMatch(/Expected|Invalid enum|received/);
  });
});

// The two wait out their forms' fill times side by side (each on forms of its own).
describe("what the clinic stores is clean", () => {
  test.concurrent("a contact phone with an extension is refused with a message; without one it is stored as E.164; names lose control characters", async () => {
    const form = await openForm("/en/contact");
    await sleep(2_100);
    const email = `phone-${Date.now()}@example.com`;
    const withExt = await form.send(contact(email, { phone: "+1 213 373 4253 ext. 1234567" }));
    expect(withExt.status).toBe(400);
    const page = await withExt.text();
    expect(page).toContain("Please enter the number without an extension.");
    expect(page).toContain('value="+1 213 373 4253 ext. 1234567"');

    const again = await openForm("/en/contact");
    await sleep(2_100);
    expect((await again.send(contact(email, { phone: "+1 213 373 4253", name: "Eli\u202Ef Ka\u0000ya" }))).status).toBe(303);
    const [lead] = await eventually(
      () => leadsOf(email),
      (l) => l.length > 0,
    );
    expect(lead.payload.phone).toBe("+12133734253");
    expect(lead.payload.name).toBe("Elif Kaya");
  });

  test.concurrent("ids the lists do not have, country ZZ and a javascript: website are refused, each on its field", async () => {
    const offer = await openForm("/en/get-an-offer");
    await sleep(2_100);
    const res = await offer.send({
      name: "A",
      email: "a@example.com",
      phoneCountry: "TR",
      phone: "0532 123 45 67",
      country: "TR",
      city: "99999999",
      treatment: "99999",
      contactChannel: "email",
      privacyConsent: "on",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    // Under each of the two fields, and in the summary above the form as links to them.
    expect(html.match(/<p>Please choose one of the options in the list\.<\/p>/g)?.length).toBe(2);
    expect(html).toContain('<a href="#offer-form-city">City: Please choose one of the options in the list.</a>');
    expect(html).toContain('<a href="#offer-form-treatment">Treatment of interest: Please choose one of the options in the list.</a>');

    const register = await openForm("/en/register");
    await sleep(2_100);
    const partner = await register.send({
      institutionType: "1",
      organisation: "Klinik",
      website: "javascript:alert(1)",
      contactPerson: "A",
      email: "b@example.com",
      phoneCountry: "ZZ",
      phone: "0532 123 45 67",
      country: "ZZ",
      privacyConsent: "on",
    });
    expect(partner.status).toBe(400);
    const text = await partner.text();
    expect(text).toContain("Please enter a full web address, starting with https://.");
    expect(text).toContain("Please choose one of the options in the list.");
  });
});

// Opened as the server starts: their fill time passes while the tests before the erasure run.
let erasureForms: Promise<{ forms: Awaited<ReturnType<typeof openForm>>[]; openedAt: number }>;
beforeAll(() => {
  // Timed from when both pages have arrived: each form's stamp was made before that.
  erasureForms = Promise.all([openForm("/en/contact"), openForm("/en/about-us/career"), openForm("/en/contact")]).then((forms) => ({
    forms,
    openedAt: Date.now(),
  }));
});

describe("erasure (ADR 030)", () => {
  /** Cookies as a browser keeps them: the latest value of each name. */
  const jar = new Map<string, string>();
  const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  async function staff(path: string, body?: Record<string, string>) {
    const res = await fetch(site.url + path, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: cookies(), ...(body ? { "content-type": "application/x-www-form-urlencoded", origin: site.url } : {}) },
      body: body && new URLSearchParams(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return res;
  }
  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1];
  /** The owner's session, made on first use. */
  async function asOwner() {
    if (jar.has("admin_session")) return;
    const signIn = await staff("/admin/sign-in");
    const signedIn = await staff("/admin/sign-in", { csrf: csrfOf(await signIn.text()), email: OWNER.email, password: OWNER.password });
    expect(signedIn.status).toBe(303);
  }

  test("after 'Erase lead', no file under DATA_DIR holds anything the visitor sent: not the outbox, not the backend, not a -wal", async () => {
    const contactValues = uniqueLeadValues("erase-contact");
    const jobValues = uniqueLeadValues("erase-job");
    // The photo carries the applicant's address too (a JPEG comment), as a camera's metadata might.
    const comment = Buffer.from(jobValues.email);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(comment.length + 2);
    const photo = Buffer.concat([TINY_JPEG.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, TINY_JPEG.subarray(2)]);

    const { forms, openedAt } = await erasureForms;
    const [contactForm, career] = forms;
    await sleep(Math.max(0, openedAt + 2_100 - Date.now()));
    const job = new FormData();
    const jobFields = {
      ...career.hidden,
      name: jobValues.name,
      email: jobValues.email,
      phoneCountry: "TR",
      phone: jobValues.phoneTyped,
      position: "marketing",
      message: jobValues.message,
      privacyConsent: "on",
    };
    for (const [name, value] of Object.entries(jobFields)) job.append(name, value);
    job.append("photo", new Blob([photo], { type: "image/jpeg" }), `${jobValues.name}.jpg`);
    const [sentContact, sentJob] = await Promise.all([
      contactForm.send(
        contact(contactValues.email, { name: contactValues.name, phoneCountry: "TR", phone: contactValues.phoneTyped, message: contactValues.message }),
      ),
      fetch(`${site.url}/en/about-us/career`, { method: "POST", headers: { cookie: career.cookie }, body: job, redirect: "manual" }),
    ]);
    expect([sentContact.status, sentJob.status]).toEqual([303, 303]);
    const [contactLead] = await eventually(
      () => leadsOf(contactValues.email),
      (l) => l.length === 1,
    );
    const [jobLead] = await eventually(
      () => leadsOf(jobValues.email),
      (l) => l.length === 1,
    );
    expect(contactLead.payload.phone).toBe(contactValues.phoneStored);

    // The owner signs in and erases both, through the lead page's form.
    await asOwner();
    const storedPhoto = Buffer.from(await (await staff(`/admin/leads/${jobLead.id}/photo`)).arrayBuffer());
    expect(storedPhoto.length).toBeGreaterThan(100);
    for (const lead of [contactLead, jobLead]) {
      const page = await staff(`/admin/leads/${lead.id}`);
      expect(page.status).toBe(200);
      const erased = await staff(`/admin/leads/${lead.id}?intent=erase`, { csrf: csrfOf(await page.text()), confirm: "on" });
      expect(erased.status).toBe(303);
      expect(erased.headers.get("location")).toBe("/admin/leads");
      expect((await staff(`/admin/leads/${lead.id}`)).status).toBe(404);
    }

    const traces = [contactValues, jobValues].flatMap((v) => [v.name, v.email, v.phoneStored, v.phoneStored.slice(3), v.phoneTyped, v.message]);
    // The outbox scrubs a row as it records the delivery, a moment after the backend stored the lead.
    const left = await eventually(
      () => filesHolding(dataDir, [...traces, storedPhoto]),
      (found) => found.length === 0,
      5_000,
    );
    expect(left).toEqual([]);
    expect(readdirSync(dataDir).filter((name) => name.endsWith("-wal")).length).toBeGreaterThan(0);
  });

  test("one person's two leads (e-mail in another case, phone typed otherwise, one entered by hand) are suggested as one patient; confirmed without JavaScript, one timeline holds both; erased, no byte of either is left", async () => {
    const v = uniqueLeadValues("patient");
    const shouted = v.email.toUpperCase();
    const { forms, openedAt } = await erasureForms;
    await sleep(Math.max(0, openedAt + 2_100 - Date.now()));
    const sent = await forms[2].send(contact(shouted, { name: v.name, phoneCountry: "TR", phone: v.phoneTyped, message: v.message }));
    expect(sent.status).toBe(303);
    const [web] = await eventually(
      () => storedLeads(dataDir).filter((lead) => String(lead.payload.email).toLowerCase() === v.email),
      (l) => l.length === 1,
    );

    // The same person rings the clinic: a coordinator enters the call by hand, the number as spoken.
    await asOwner();
    const form = await (await staff("/admin/leads/new")).text();
    const entered = await staff("/admin/leads/new", {
      csrf: csrfOf(form),
      entryKey: /name="entryKey" value="([^"]+)"/.exec(form)![1],
      source: "phone",
      formType: "offer",
      name: v.name,
      email: v.email,
      phone: `+90 ${v.phoneTyped.slice(1)}`,
      languageCode: "ar",
      message: `${v.message} (by phone)`,
    });
    expect(entered.status).toBe(303);
    const handId = Number(/\/admin\/leads\/(\d+)$/.exec(entered.headers.get("location")!)![1]);

    // Suggested, not merged: the list offers the pair with both keys, and a plain form confirms it.
    const list = await (await staff("/admin/customers")).text();
    const pair = list.split("<li").find((part) => part.includes("intent=merge") && part.includes(v.name))!;
    expect(pair).toContain("e-mail address, phone number");
    const field = (name: string) => new RegExp(`name="${name}" value="(\\d+)"`).exec(pair)![1];
    const merged = await staff("/admin/customers?intent=merge", { csrf: csrfOf(list), into: field("into"), from: field("from") });
    expect(merged.status).toBe(303);
    const patientPath = merged.headers.get("location")!;
    expect(patientPath).toMatch(/^\/admin\/customers\/\d+$/);

    const page = await (await staff(patientPath)).text();
    const timeline = page.split("admin-timeline")[1];
    expect(timeline).toContain(`lead ${web.id}</a>`);
    expect(timeline).toContain(`Offer request, source: phone call: lead ${handId}</a>`);
    expect(page).toContain("Privacy notice accepted");
    expect((await (await staff("/admin/customers")).text()).split("<li").some((part) => part.includes("intent=merge") && part.includes(v.name))).toBe(false);
    // Each lead's page leads to the patient they now share.
    for (const id of [web.id, handId]) expect(await (await staff(`/admin/leads/${id}`)).text()).toContain(`href="${patientPath}">Patient record</a>`);

    // The export (GDPR art. 15): one JSON file with both leads as stored.
    const exported = await staff(`${patientPath}/export.json`);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="patient-\d+\.json"$/);
    const held = (await exported.json()) as { leads: { id: number; fields: Record<string, unknown> }[] };
    expect(held.leads.map((lead) => lead.id).sort()).toEqual([web.id, handId].sort());
    expect(held.leads.map((lead) => lead.fields.phone)).toEqual([v.phoneStored, v.phoneStored]);

    const erased = await staff(patientPath, { csrf: csrfOf(page), confirm: "on" });
    expect([erased.status, erased.headers.get("location")]).toEqual([303, "/admin/customers"]);
    expect((await staff(`/admin/leads/${web.id}`)).status).toBe(404);
    expect((await staff(`/admin/leads/${handId}`)).status).toBe(404);
    const traces = [v.name, v.email, shouted, v.phoneStored, v.phoneStored.slice(3), v.phoneTyped, v.message];
    const left = await eventually(
      () => filesHolding(dataDir, traces),
      (found) => found.length === 0,
      5_000,
    );
    expect(left).toEqual([]);
  });

  test("a lead the API refused never reached the inbox: the delivery page discards it, audited, and nothing of it stays on disk", async () => {
    const v = uniqueLeadValues("refused");
    const id = `refused-${Date.now()}`;
    // As the outbox records a refusal (the embedded backend accepts every valid lead, so it is written here).
    const outbox = new Database(join(dataDir, "outbox.sqlite"));
    const payload = {
      projectId: 2,
      notificationSourceId: 3,
      languageCode: "en",
      formType: "contact",
      source: "website",
      name: v.name,
      email: v.email,
      phone: v.phoneStored,
      message: v.message,
      privacyConsent: true,
    };
    outbox
      .prepare(
        "INSERT INTO outbox (id, kind, lang, payload, status, next_attempt_at, created_at, last_error) VALUES (?, 'contactForm', 'en', ?, 'rejected', 0, ?, 'API call api/contactForm answered 422')",
      )
      .run(id, JSON.stringify(payload), Date.now());
    outbox.close();

    await asOwner();
    const listed = await (await staff("/admin/delivery")).text();
    expect(listed).toContain(v.email);
    expect(listed).toContain("A refused lead is deleted 30 days after it was sent.");
    const csrf = csrfOf(listed);
    // The box is required: without it nothing is erased.
    const unticked = await staff("/admin/delivery?intent=discard", { csrf, id });
    expect(unticked.status).toBe(303);
    expect(await (await staff("/admin/delivery")).text()).toContain("Tick “Erase it for good” to discard the lead.");
    const discarded = await staff("/admin/delivery?intent=discard", { csrf, id, confirm: "on" });
    expect(discarded.status).toBe(303);
    const after = await (await staff("/admin/delivery")).text();
    expect(after).toContain("The refused lead was erased from this server.");
    expect(after).not.toContain(v.email);
    expect(filesHolding(dataDir, [v.name, v.email, v.phoneStored, v.message])).toEqual([]);
    // The audit log records the erasure: who, which lead, and nothing of it.
    const audit = await (await staff("/admin/audit")).text();
    expect(audit).toContain("Refused lead discarded");
    expect(audit).toContain(`Lead ${id} in delivery`);
    expect(audit).not.toContain(v.email);
  });
});

/** The WHATWG autofill tokens: anything else (remix-utils' honeypot said "nope") is invalid HTML. */
const AUTOFILL = new Set(
  (
    "on off name honorific-prefix given-name additional-name family-name honorific-suffix nickname username new-password " +
    "current-password one-time-code organization-title organization street-address address-line1 address-line2 " +
    "address-line3 address-level4 address-level3 address-level2 address-level1 country country-name postal-code " +
    "language bday bday-day bday-month bday-year sex url photo tel tel-country-code tel-national tel-area-code " +
    "tel-local tel-local-prefix tel-local-suffix tel-extension email impp home work mobile fax pager shipping billing"
  ).split(" "),
);

test("every lead form's autocomplete values are valid, the honeypot's included", async () => {
  for (const path of ["/en/contact", "/en/get-an-offer", "/en/register", "/en/about-us/career", "/ar/اتصل-بنا"]) {
    const html = await (await fetch(site.url + encodeURI(path))).text();
    const values = [...html.matchAll(/\sautocomplete="([^"]*)"/gi)].map((m) => m[1]);
    expect(values.length, path).toBeGreaterThan(2);
    expect(
      values.filter((v) => !v.split(/\s+/).every((token) => AUTOFILL.has(token) || token.startsWith("section-"))),
      path,
    ).toEqual([]);
    expect(html, path).toMatch(
      /<input id="name__confirm" name="name__confirm" type="text" autoComplete="off"|<input[^>]*name="name__confirm"[^>]*autocomplete="off"/i,
    );
  }
});

test("the offer and partner forms list Türkiye's towns once: in the page a visitor without JavaScript picks from, not again in its data", async () => {
  for (const path of ["/en/get-an-offer", "/ar/احصل-على-عرض", "/en/register"]) {
    const html = await (await fetch(site.url + encodeURI(path))).text();
    const citySelect = html.match(/<select[^>]*name="city"[^>]*>([\s\S]*?)<\/select>/)?.[1] ?? "";
    // Its 81 provinces and "any city" (backend/countries.ts).
    expect(citySelect.match(/<option /g)?.length, path).toBe(82);
    expect(citySelect, path).toContain(">Kahramanmaraş</option>");
    // Once the loader data carried a second copy (206 KB of HTML on the English offer page; phones
    // decoded the then 1,300 towns while hydrating).
    expect(html.split("Kahramanmaraş").length - 1, path).toBe(1);
    expect(Buffer.byteLength(html), path).toBeLessThan(150_000);
    // A client-side navigation's data (single fetch) has no towns either: the form loads them.
    const data = await (await fetch(site.url + encodeURI(path) + ".data")).text();
    expect(data, path).not.toContain("Kahramanmaraş");
    expect(Buffer.byteLength(data), path).toBeLessThan(40_000);
  }
});

test("without JavaScript, a form sent back with an error still lists the cities of the country shown, the chosen one selected", async () => {
  const offer = await openForm("/fr/obtenir-une-offre");
  const cities = await offer.send({ intent: "cities", country: "FR" });
  const shown = await cities.text();
  const paris = /<option value="(\d+)">Paris<\/option>/.exec(shown)![1];
  // The visitor picks Paris and sends the form without a name.
  await sleep(2_100);
  const res = await offer.send({
    email: "f@example.com",
    phoneCountry: "FR",
    phone: "06 12 34 56 78",
    country: "FR",
    city: paris,
    contactChannel: "email",
    privacyConsent: "on",
  });
  expect(res.status).toBe(400);
  const html = await res.text();
  expect(html).toContain(`<option value="${paris}" selected>Paris</option>`);
  expect(html).not.toContain(">Kahramanmaraş</option>");
});

describe("odd input is answered in the page's language", () => {
  const table = JSON.parse(readFileSync("app/route-table.json", "utf8")) as { pages: { name: string; slugs: Record<string, string> }[] };
  const pathOf = (name: string, lang: string) => `/${lang}/${table.pages.find((p) => p.name === name)!.slugs[lang]}`;
  /** Every validation message of a language: what a visitor may be shown, and nothing else. */
  const messages = (lang: string) => {
    const common = JSON.parse(readFileSync(`locales/${lang}/common.json`, "utf8"));
    return new Set<string>([...Object.values(common.forms.errors), ...Object.values(common.career.errors)] as string[]);
  };
  /** The texts under the fields and above the form, as shown. */
  const shownErrors = (html: string) =>
    [...html.matchAll(/<div[^>]*class="(?:field-error|form-alert)"[^>]*>([\s\S]*?)<\/div>/g)]
      .flatMap(([, inner]) => [...inner.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map(([, text]) => text.replace(/<[^>]+>/g, "").trim()))
      .map((text) =>
        text
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&"),
      )
      .filter(Boolean);
  // The messages' own Latin fragments (an example address, a scheme, file formats); any other Latin
  // letter would be a validator's English.
  const latinLeft = (text: string) => text.replace(/name@example\.com|https:\/\/|JPEG|PNG|WebP/g, "").match(/[A-Za-z]+/g);

  // Each field sent twice, with options no list has.
  const twice = (fields: Record<string, string>, odd: Record<string, string>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...fields, ...odd })) {
      body.append(name, value);
      body.append(name, `${value}-again`);
    }
    return body;
  };
  const cases: { page: string; odd: Record<string, string> }[] = [
    { page: "get-an-offer", odd: { treatment: "laser-eyes", contactChannel: "fax", preferredDay: "someday", country: "XX", phoneCountry: "XX", city: "-1" } },
    { page: "contact", odd: { phoneCountry: "XX", phone: "12" } },
    { page: "register", odd: { institutionType: "hospital", country: "XX", phoneCountry: "XX", website: "ftp://x" } },
    { page: "career", odd: { position: "astronaut", phoneCountry: "XX" } },
  ];
  for (const lang of ["ar", "ru"]) {
    for (const { page, odd } of cases) {
      // The job application has no Arabic page.
      if (page === "career" && lang === "ar") continue;
      // Each on a form of its own: they wait out the fill time together rather than 2 s each in turn.
      test.concurrent(`the ${lang} ${page} form`, async () => {
        const form = await openForm(pathOf(page, lang));
        await sleep(2_100);
        const fields = twice({ name: "Имя", email: "not-an-address", privacyConsent: "on" }, odd);
        for (const [name, value] of Object.entries(form.hidden)) fields.set(name, value);
        let body: URLSearchParams | FormData = fields;
        if (page === "career") {
          // Multipart, with the photo field twice too.
          body = new FormData();
          for (const [name, value] of fields) body.append(name, value);
          for (let i = 0; i < 2; i++) body.append("photo", new Blob([TINY_JPEG], { type: "image/jpeg" }), "me.jpg");
        }
        const res = await fetch(site.url + encodeURI(pathOf(page, lang)), { method: "POST", headers: { cookie: form.cookie }, body, redirect: "manual" });
        expect(res.status).toBe(400);
        const shown = shownErrors(await res.text());
        expect(shown.length).toBeGreaterThan(1);
        const own = messages(lang);
        for (const text of shown) {
          expect(own, text).toContain(text);
          expect(latinLeft(text), text).toBeNull();
        }
      });
    }
  }
});

describe("mail (issue 41)", () => {
  const COORDINATORS = [
    { email: "coord-tr@forms.test", name: "Ayşe Koordinatör", language: "tr", password: "coordinator-tr-password-1" },
    { email: "coord-en@forms.test", name: "Cem Coordinator", language: "en", password: "coordinator-en-password-1" },
  ];
  /** A staff member's GET or form post, with the cookies of their session. */
  const as = (who: { cookie: string; csrf: string }) => (path: string, body?: Record<string, string>) =>
    fetch(site.url + path, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: who.cookie, ...(body ? { "content-type": "application/x-www-form-urlencoded", origin: site.url } : {}) },
      body: body && new URLSearchParams({ csrf: who.csrf, ...body }),
    });
  /** The owner's session, once the owner has added the coordinators (made by the first test that needs them). */
  let made: Promise<ReturnType<typeof as>> | null = null;
  const coordinatorsMade = () =>
    (made ??= (async () => {
      const owner = as(await signInToSite(site.url, OWNER.email, OWNER.password));
      for (const c of COORDINATORS) {
        const made = await owner("/admin/users", { ...c, role: "coordinator" });
        expect(made.status).toBe(303);
      }
      return owner;
    })());

  test("a public offer sent without JavaScript tells each coordinator by SMTP within a minute, in their language, with the lead's link and no patient data; it is unread for each until they open it", async () => {
    const owner = await coordinatorsMade();
    const offer = await openForm("/en/get-an-offer");
    const html = await (await fetch(`${site.url}/en/get-an-offer`)).text();
    const treatment = /name="treatment"[\s\S]*?<option value="(\d+)"/.exec(html)![1];
    const v = uniqueLeadValues("alert");
    await sleep(2_100);
    const sent = await offer.send({
      name: v.name,
      email: v.email,
      phoneCountry: "TR",
      phone: v.phoneTyped,
      country: "TR",
      treatment,
      contactChannel: "email",
      message: v.message,
      privacyConsent: "on",
    });
    expect(sent.status).toBe(303);
    const [lead] = await eventually(
      () => leadsOf(v.email),
      (l) => l.length === 1,
    );
    const link = `/admin/leads/${lead.id}`;
    const alerts = await eventually(
      () => smtp.mail.filter((m) => m.text.includes(link)),
      (m) => m.length === 2,
      60_000,
    );
    expect(alerts.map((m) => m.to[0]).sort()).toEqual(COORDINATORS.map((c) => c.email).sort());
    const tr = alerts.find((m) => m.to[0] === COORDINATORS[0].email)!;
    expect(tr.text).toContain("Yeni bir talep geldi: Teklif talebi");
    expect(tr.text).toContain(`${new URL(site.url).port}${link}`);
    expect(alerts.find((m) => m.to[0] === COORDINATORS[1].email)!.text).toContain("A new lead arrived: Offer request, in English");
    for (const mail of alerts) {
      const whole = [...mail.headers.values(), mail.text].join("\n");
      for (const trace of [v.name, v.email, v.phoneStored, v.phoneStored.slice(3), v.message]) expect(whole).not.toContain(trace);
    }
    // The owner's list says they went out.
    const list = await (await owner("/admin/mail")).text();
    expect(list.match(new RegExp(`>Sent<`, "g"))?.length).toBeGreaterThanOrEqual(2);

    // Unread for each coordinator until that one opens it.
    const [first, second] = await Promise.all(COORDINATORS.map(async (c) => as(await signInToSite(site.url, c.email, c.password))));
    const rowOf = async (who: typeof first) => {
      const page = await (await who("/admin/leads")).text();
      return page.slice(page.indexOf(`href="${link}"`), page.indexOf("</th>", page.indexOf(`href="${link}"`)));
    };
    expect(await rowOf(first)).toContain("Okunmadı");
    expect(await rowOf(second)).toContain("Unread");
    expect((await first(link)).status).toBe(200);
    expect(await rowOf(first)).not.toContain("Okunmadı");
    expect(await rowOf(second)).toContain("Unread");

    // Erasing the lead erases the mail about it from /admin/mail (its copies in mailboxes hold nothing of the visitor's).
    const mailIds = () =>
      owner("/admin/mail").then(async (res) => [...(await res.text()).matchAll(/href="\/admin\/mail\/(lead-alert%3A\d+%3A\d+)"/g)].map((m) => m[1]));
    const about = (ids: string[]) => ids.filter((id) => id.startsWith(`lead-alert%3A${lead.id}%3A`));
    expect(about(await mailIds())).toHaveLength(2);
    expect((await owner(`${link}?intent=erase`, { confirm: "on" })).status).toBe(303);
    expect(about(await mailIds())).toEqual([]);

    // The owner switches to one coordinator at a time, without JavaScript, on the settings page.
    expect((await owner("/admin/settings?intent=alerts", { mode: "turns" })).status).toBe(303);
    const settings = await (await owner("/admin/settings")).text();
    expect(settings.match(/<input[^>]*id="alerts-turns"[^>]*>/)?.[0]).toContain('checked=""');
  }, 90_000);

  test("forgot password: the same answer for an unknown address; the mailed link sets a new password once, and the old one stops working", async () => {
    await coordinatorsMade();
    const [coordinator] = COORDINATORS;
    const forgot = async (email: string) => {
      const page = await fetch(`${site.url}/admin/sign-in/forgot`);
      const cookie = page.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1];
      const res = await fetch(`${site.url}/admin/sign-in/forgot`, {
        method: "POST",
        headers: { cookie, origin: site.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf, email }),
      });
      const text = await res.text();
      return { status: res.status, said: /data-testid="reset-sent">([^<]*)</.exec(text)?.[1] };
    };
    const before = smtp.mail.length;
    const [known, unknown] = [await forgot(coordinator.email.toUpperCase()), await forgot("nobody@forms.test")];
    expect(known.said).toBeTruthy();
    expect(unknown).toEqual(known);
    const [reset] = await eventually(
      () => smtp.mail.slice(before).filter((m) => m.text.includes("/admin/sign-in/reset/")),
      (m) => m.length > 0,
      30_000,
    );
    expect(reset.to).toEqual([coordinator.email]);
    expect(reset.text).toContain("30 dakika");
    const path = new URL(/https?:\/\/\S+\/admin\/sign-in\/reset\/\S+/.exec(reset.text)![0]).pathname;

    const setPassword = async (password: string) => {
      const page = await fetch(site.url + path);
      expect(page.status).toBe(200);
      const cookie = page.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1];
      return fetch(site.url + path, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: site.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf, password }),
      });
    };
    const newPassword = "a-brand-new-password-42";
    const done = await setPassword(newPassword);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/sign-in");
    await signInToSite(site.url, coordinator.email, newPassword);
    await expect(signInToSite(site.url, coordinator.email, coordinator.password)).rejects.toThrow(/answered 401/);
    const again = await setPassword("yet-another-password-43");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Ask for a new one.");
  }, 60_000);
});

describe("newsletter (issue 44, ADR 056)", () => {
  const AR_PAGE = "/ar/النشرة-البريدية";
  /** A plain form post without JavaScript, as the footer's sign-up sends it (from this site, unless told otherwise). */
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: site.url }) =>
    fetch(site.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields),
    });
  const signUp = (email: string, headers?: Record<string, string>) =>
    post(encodeURI(AR_PAGE), { intent: "subscribe", email, website__confirm: "", consent: "on" }, headers);
  const subscriptionRows = () => {
    const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
    try {
      return db.prepare("SELECT address_hash AS hash, email, list, status, consent_version AS version FROM subscriptions").all() as {
        hash: string;
        email: string | null;
        list: string;
        status: string;
        version: string;
      }[];
    } finally {
      db.close();
    }
  };
  const digest = (email: string) => createHash("sha256").update(`subscription:${email}`).digest("hex");

  test("an Arabic sign-up without JavaScript mails an Arabic confirmation; a GET of its link confirms nothing, the button's POST does; the one-click POST with no cookie and no Origin unsubscribes, and the address is then kept only as a hash", async () => {
    const email = `reader-${Date.now()}@example.com`;
    const answered = await signUp(email);
    expect(answered.status).toBe(200);
    const answer = await answered.text();
    expect(answer).toContain("تحقق من بريدك");
    // The same answer for an address already waiting: nobody learns who signed up, and no second mail goes out.
    const again = await signUp(email);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("تحقق من بريدك");

    const [mail] = await eventually(
      () => smtp.mail.filter((m) => m.to.includes(email)),
      (m) => m.length === 1,
    );
    expect(mail.text).toContain("طلب أحدهم، ونأمل أن تكون أنت");
    const link = /(http:\/\/\S+\?confirm=[\w-]+)/.exec(mail.text)![1];
    expect(new URL(link).pathname).toBe(encodeURI(AR_PAGE));
    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const list = await (await fetch(`${site.url}/admin/mail`, { headers: { cookie: owner.cookie } })).text();
    expect(list).toContain(email);
    expect(list).toContain("Newsletter confirmation");

    // A mail scanner opening the link gets the button, and the subscription still waits.
    const opened = await fetch(link, { redirect: "manual" });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("تأكيد اشتراكي");
    expect(subscriptionRows().find((r) => r.email === email)?.status).toBe("pending");
    const token = new URL(link).searchParams.get("confirm")!;
    const confirmed = await post(new URL(link).pathname + new URL(link).search, { intent: "confirm", confirm: token });
    expect(confirmed.status).toBe(200);
    const confirmedPage = await confirmed.text();
    expect(confirmedPage).toContain("تم تأكيد اشتراكك");
    const row = subscriptionRows().find((r) => r.email === email)!;
    expect(row).toMatchObject({ list: "ar", status: "confirmed" });
    expect(row.version).toMatch(/^[0-9a-f]{16}$/);

    // The link of the preferences page is the one-click link's token; a forged one changes nothing.
    const sealed = /\?t=([\w.-]+)"/.exec(confirmedPage)![1];
    const forged = await fetch(`${site.url}/newsletter/unsubscribe?t=${sealed.slice(0, -4)}AAAA`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(400);
    expect(subscriptionRows().find((r) => r.email === email)?.status).toBe("confirmed");
    // As a mail provider's server posts it (RFC 8058): no cookie, no CSRF token, no Origin.
    const oneClick = await fetch(`${site.url}/newsletter/unsubscribe?t=${sealed}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(subscriptionRows().find((r) => r.hash === digest(email))).toMatchObject({ email: null, status: "unsubscribed" });
    // Not in the API's file, nor in the outbox that held the confirmation, nor in either's -wal.
    expect(
      await eventually(
        () => filesHolding(dataDir, [email]),
        (found) => found.length === 0,
      ),
    ).toEqual([]);
    // Signing up again takes a new confirmation.
    expect((await signUp(email)).status).toBe(200);
    expect(subscriptionRows().find((r) => r.hash === digest(email))).toMatchObject({ email, status: "pending" });
  });

  test("erasing a patient erases the subscriptions under their leads' address: only the hash stays, in no file under DATA_DIR", async () => {
    const email = `erased-reader-${Date.now()}@example.com`;
    const form = await openForm("/en/contact");
    expect((await signUp(email)).status).toBe(200);
    const [mail] = await eventually(
      () => smtp.mail.filter((m) => m.to.includes(email)),
      (m) => m.length === 1,
    );
    const link = new URL(/(http:\/\/\S+\?confirm=[\w-]+)/.exec(mail.text)![1]);
    expect((await post(link.pathname + link.search, { intent: "confirm", confirm: link.searchParams.get("confirm")! })).status).toBe(200);
    await sleep(2_100);
    expect((await form.send(contact(email))).status).toBe(303);
    await eventually(
      () => leadsOf(email),
      (l) => l.length === 1,
    );
    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const asOwner = (path: string, body?: Record<string, string>) =>
      fetch(site.url + path, {
        method: body ? "POST" : "GET",
        redirect: "manual",
        headers: { cookie: owner.cookie, ...(body ? { "content-type": "application/x-www-form-urlencoded", origin: site.url } : {}) },
        body: body && new URLSearchParams({ csrf: owner.csrf, ...body }),
      });
    const found = await (await asOwner(`/admin/subscribers?q=${encodeURIComponent(email)}`)).text();
    expect(found).toContain('data-status="confirmed"');
    const patients = await (await asOwner(`/admin/customers?q=${encodeURIComponent(email)}`)).text();
    const patient = /href="(\/admin\/customers\/\d+)"/.exec(patients)![1];
    expect((await asOwner(patient, { confirm: "on" })).status).toBe(303);
    expect(subscriptionRows().find((r) => r.hash === digest(email))).toMatchObject({ email: null, status: "erased" });
    // The owner's export of the consent records keeps the record, with the hash in place of the address.
    const csv = await asOwner("/admin/subscribers/consents.csv");
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const record = (await csv.text()).split("\r\n").find((line) => line.includes(digest(email)));
    expect(record).toMatch(/^"[0-9a-f]{64}","ar","Erased","[0-9a-f]{16}","ar",/);
    expect(
      await eventually(
        () => filesHolding(dataDir, [email]),
        (left) => left.length === 0,
      ),
    ).toEqual([]);
  });

  test("the one-click unsubscribe is the only post taken from another site: the sign-up, the confirm button and the consent form still refuse it", async () => {
    const foreign = { origin: "https://elsewhere.example" };
    const email = `cross-${Date.now()}@example.com`;
    const refused = await signUp(email, foreign);
    expect(refused.status).toBe(403);
    expect(subscriptionRows().some((r) => r.email === email)).toBe(false);
    expect((await post(encodeURI(AR_PAGE), { intent: "confirm", confirm: "x".repeat(43) }, foreign)).status).toBe(403);
    expect((await post("/consent", { intent: "accept", redirectTo: "/en" }, foreign)).status).toBe(403);
    // The one-click post from that origin reaches its check: the token, refused here because it is forged.
    const oneClick = await fetch(`${site.url}/newsletter/unsubscribe?t=forged`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...foreign },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(400);
    expect(await oneClick.text()).toBe("Unknown link");
  });
});

describe("bulletins (issue 44, ADR 057)", () => {
  const PAGES = { ar: "/ar/النشرة-البريدية", en: "/en/newsletter" };
  const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(site.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url, ...headers },
      body: new URLSearchParams(fields),
    });
  /** Signs `email` up to a list and confirms it by its mail's button; answers the sealed link of its preferences. */
  async function subscribed(email: string, list: keyof typeof PAGES) {
    expect((await form(encodeURI(PAGES[list]), { intent: "subscribe", email, website__confirm: "", consent: "on" })).status).toBe(200);
    const [mail] = await eventually(
      () => smtp.mail.filter((m) => m.to.includes(email)),
      (m) => m.length === 1,
    );
    const link = new URL(/(http:\/\/\S+\?confirm=[\w-]+)/.exec(mail.text)![1]);
    const confirmed = await form(link.pathname + link.search, { intent: "confirm", confirm: link.searchParams.get("confirm")! });
    expect(confirmed.status).toBe(200);
    return /\?t=([\w.-]+)"/.exec(await confirmed.text())![1];
  }
  const statusOf = (email: string) => {
    const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
    try {
      return (
        db.prepare("SELECT status FROM subscriptions WHERE address_hash = ?").get(createHash("sha256").update(`subscription:${email}`).digest("hex")) as
          { status: string } | undefined
      )?.status;
    } finally {
      db.close();
    }
  };
  /** The owner writes an issue for a list and sends it now; answers its page's address. */
  async function sendBulletin(list: string, title: string, body = "<p>عرض <strong>جديد</strong> لزراعة الشعر.</p><script>alert(1)</script>") {
    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const asOwner = (path: string, fields: Record<string, string>) => form(path, { csrf: owner.csrf, ...fields }, { cookie: owner.cookie });
    const created = await asOwner("/admin/bulletins", { list, title });
    expect(created.status).toBe(302);
    const page = created.headers.get("location")!;
    expect(page).toMatch(/^\/admin\/bulletins\/\d+$/);
    expect((await asOwner(page, { do: "save", list, title, body })).status).toBe(303);
    expect((await asOwner(`${page}?intent=send`, { do: "schedule", when: "now" })).status).toBe(303);
    return { page, owner };
  }
  const mailTitled = (title: string) => smtp.mail.filter((m) => m.headers.get("subject")?.includes(title) || decodeSubject(m.headers.get("subject")) === title);
  /** A subject as nodemailer writes a non-ASCII one (RFC 2047, base64 or Q), back to text. */
  const decodeSubject = (raw = "") =>
    raw.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeURIComponent(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
    );

  test("a bulletin sent to the ar list reaches a confirmed ar subscriber with both unsubscribe headers, and no unsubscribed or en-only address; the header's one-click POST unsubscribes with no cookie", async () => {
    const stamp = Date.now();
    const reader = `ar-reader-${stamp}@example.com`;
    const left = `ar-left-${stamp}@example.com`;
    const english = `en-reader-${stamp}@example.com`;
    await subscribed(reader, "ar");
    const leftToken = await subscribed(left, "ar");
    await subscribed(english, "en");
    const gone = await fetch(`${site.url}/newsletter/unsubscribe?t=${leftToken}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(gone.status).toBe(200);

    const title = `نشرة ${stamp}`;
    const { page, owner } = await sendBulletin(
      "ar",
      title,
      '<p>عرض <strong>جديد</strong> لزراعة الشعر.</p><p><a href="/ar">الموقع</a></p><script>alert(1)</script>',
    );
    const [mail] = await eventually(
      () => mailTitled(title).filter((m) => m.to.includes(reader)),
      (m) => m.length === 1,
    );
    expect(mail.text).toContain("عرض جديد لزراعة الشعر.");
    expect(mail.text).not.toContain("alert(1)");
    // The visible link, in the list's language, besides the headers.
    expect(mail.text).toContain("لإلغاء الاشتراك");
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<(http:\/\/[^>]+\/newsletter\/unsubscribe\?t=[\w.-]+)>/.exec(mail.headers.get("list-unsubscribe")!.replace(/\s+/g, ""))![1];
    // Its HTML part (ADR 057 amended): the body as written, right to left in Arabic, its relative link on the site, the
    // visible unsubscribe link and the clinic in the footer, nothing that runs; and, with opens not counted, no pixel.
    const html = mail.html!;
    const origin = new URL(oneClick).origin;
    expect(html).toMatch(/^<!DOCTYPE html>\s*<html lang="ar" dir="rtl">/);
    expect(html).toMatch(/<strong>جديد<\/strong>/);
    expect(html).toContain(`href="${origin}/ar"`);
    expect(html).toMatch(new RegExp(`<a href="${origin}${encodeURI(PAGES.ar)}\\?t=[\\w.-]+"[^>]*>إلغاء الاشتراك`));
    expect(html).toContain("تصلك هذه النشرة من Remed");
    expect(html).not.toMatch(/<script|alert\(1\)|\/mail\/open\//);
    // Every mail of the issue is made before the first leaves: none to the others, now or later.
    await sleep(1_000);
    expect(mailTitled(title).flatMap((m) => m.to)).toEqual([reader]);
    const list = await (await fetch(`${site.url}/admin/bulletins`, { headers: { cookie: owner.cookie } })).text();
    expect(list).toMatch(new RegExp(`data-bulletin="${page.split("/").pop()}" data-state="sent"`));
    // /admin/mail shows the HTML part as its source: escaped text, nothing that renders, loads or runs in the reader's browser.
    const mailId = `bulletin:${page.split("/").pop()}:${createHash("sha256").update(`subscription:${reader}`).digest("hex").slice(0, 24)}`;
    const kept = await (await fetch(`${site.url}/admin/mail/${encodeURIComponent(mailId)}`, { headers: { cookie: owner.cookie } })).text();
    expect(kept).toMatch(/data-testid="mail-html">&lt;!DOCTYPE html&gt;/);
    expect(kept).not.toContain('<table role="presentation"');

    // As the mail provider posts it: no cookie, no CSRF token, no Origin.
    const unsubscribed = await fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    expect(statusOf(reader)).toBe("unsubscribed");
  });

  test("with bulletin opens counted (an owner's setting, off by default), the HTML part carries a pixel: each GET counts an open, the same reader one unique; a forged token is a 404 that counts nothing; unsubscribing forgets the reader's opens", async () => {
    const stamp = Date.now();
    const reader = `en-opener-${stamp}@example.com`;
    await subscribed(reader, "en");
    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const settings = (countOpens: boolean) =>
      form("/admin/settings?intent=bulletinOpens", { csrf: owner.csrf, ...(countOpens ? { countOpens: "on" } : {}) }, { cookie: owner.cookie });
    const before = await (await fetch(`${site.url}/admin/settings`, { headers: { cookie: owner.cookie } })).text();
    expect(before).toMatch(/id="bulletin-count-opens" name="countOpens"\/>/);
    expect((await settings(true)).status).toBe(303);
    const title = `Opens ${stamp}`;
    let sent: Awaited<ReturnType<typeof sendBulletin>>;
    try {
      sent = await sendBulletin("en", title, "<p>A <em>new</em> offer.</p>");
    } finally {
      // Off again for the rest of the file, whatever happened.
      expect((await settings(false)).status).toBe(303);
    }
    const [mail] = await eventually(
      () => mailTitled(title).filter((m) => m.to.includes(reader)),
      (m) => m.length === 1,
    );
    expect(mail.html).toMatch(/<html lang="en" dir="ltr">/);
    const pixel = /<img src="(http:\/\/[^/"]+\/mail\/open\/[\w.-]+)" width="1" height="1" alt=""/.exec(mail.html!)![1];
    expect(pixel).not.toContain(encodeURIComponent(reader));
    const opens = async () => {
      const page = await (await fetch(site.url + sent.page, { headers: { cookie: owner.cookie } })).text();
      const [, total, unique] = /data-figure="opens" data-total="(\d+)" data-unique="(\d+)"/.exec(page) ?? [];
      return { total: Number(total), unique: Number(unique) };
    };
    expect(await opens()).toEqual({ total: 0, unique: 0 });
    const first = await fetch(pixel);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/gif");
    expect(first.headers.get("cache-control")).toContain("no-store");
    expect(await opens()).toEqual({ total: 1, unique: 1 });
    expect((await fetch(pixel)).status).toBe(200);
    expect(await opens()).toEqual({ total: 2, unique: 1 });
    // Another issue's id, or another reader, under the same signature: forged.
    const [id, hash, mac] = pixel.split("/").pop()!.split(".");
    for (const forged of [`${Number(id) + 1}.${hash}.${mac}`, `${id}.${"0".repeat(32)}.${mac}`, `${id}.${hash}.${"A".repeat(22)}`, "x".repeat(500)]) {
      const answer = await fetch(`${site.url}/mail/open/${forged}`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe("");
    }
    expect(await opens()).toEqual({ total: 2, unique: 1 });

    const oneClick = /<(http:\/\/[^>]+\/newsletter\/unsubscribe\?t=[\w.-]+)>/.exec(mail.headers.get("list-unsubscribe")!.replace(/\s+/g, ""))![1];
    expect(
      (await fetch(oneClick, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" })).status,
    ).toBe(200);
    expect(await opens()).toEqual({ total: 0, unique: 0 });
  });

  test("a mail webhook call without a valid signature changes nothing; a signed complaint disables the address, which the next bulletin skips", async () => {
    const stamp = Date.now();
    const complainer = `ar-complainer-${stamp}@example.com`;
    const reader = `ar-stays-${stamp}@example.com`;
    await subscribed(complainer, "ar");
    await subscribed(reader, "ar");
    const report = JSON.stringify({ type: "complaint", email: complainer });
    const signed = (body: string, at = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) =>
      `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${body}`).digest("hex")}`;
    const hook = (signature: string | null, body = report) =>
      fetch(`${site.url}/mail/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature ? { "x-mail-signature": signature } : {}) },
        body,
      });
    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const lookup = async () => (await fetch(`${site.url}/admin/subscribers?q=${encodeURIComponent(complainer)}`, { headers: { cookie: owner.cookie } })).text();

    expect((await hook(null)).status).toBe(401);
    expect((await hook(signed(report, undefined, "another-secret-0123456789"))).status).toBe(401);
    expect((await hook(signed(report, Math.floor(Date.now() / 1000) - 3600))).status).toBe(401);
    expect((await hook(signed(report), JSON.stringify({ type: "complaint", email: reader }))).status).toBe(401);
    expect(await lookup()).not.toContain("data-disabled");

    expect((await hook(signed(report))).status).toBe(204);
    expect(await lookup()).toContain('data-disabled="complaint"');

    const title = `بعد الشكوى ${stamp}`;
    await sendBulletin("ar", title);
    await eventually(
      () => mailTitled(title).filter((m) => m.to.includes(reader)),
      (m) => m.length === 1,
    );
    await sleep(1_000);
    expect(mailTitled(title).flatMap((m) => m.to)).not.toContain(complainer);
  });

  test("a sent issue published to the ar archive is listed there and has its page (body, date, sign-up, rtl), kept; the en archive stays 404; the sitemap and hreflang name only ar; withdrawn, both pages are 404 again", async () => {
    const ARCHIVE = { ar: encodeURI("/ar/أرشيف-النشرة"), en: "/en/newsletter-archive" };
    const get = (path: string) => fetch(site.url + path, { redirect: "manual" });
    expect((await get(ARCHIVE.ar)).status).toBe(404);
    const title = `نشرة الأرشيف ${Date.now()}`;
    const { page, owner } = await sendBulletin("ar", title);
    const asOwner = (path: string, fields: Record<string, string>) => form(path, { csrf: owner.csrf, ...fields }, { cookie: owner.cookie });
    // Only a sent issue goes to the archive: once its job asked for the recipients.
    let published = await asOwner(`${page}?intent=send`, { do: "publish" });
    for (let i = 0; i < 60 && !(await (await fetch(site.url + page, { headers: { cookie: owner.cookie } })).text()).includes('data-archive="published"'); i++) {
      await sleep(300);
      published = await asOwner(`${page}?intent=send`, { do: "publish" });
    }
    expect(published.status).toBe(303);

    const list = await get(ARCHIVE.ar);
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    const issuePath = encodeURI(new RegExp(`href="(${decodeURI(ARCHIVE.ar)}/${page.split("/").pop()})"`).exec(listHtml)![1]);
    expect(listHtml).toContain(title);
    // Kept for the next visitor (ADR 009).
    expect((await get(ARCHIVE.ar)).headers.get("x-page-cache")).toBe("hit");
    const issue = await get(issuePath);
    expect(issue.status).toBe(200);
    const issueHtml = await issue.text();
    expect(issueHtml).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
    expect(issueHtml).toContain("عرض <strong>جديد</strong> لزراعة الشعر.");
    expect(issueHtml).not.toContain("alert(1)");
    expect(issueHtml).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}"/i);
    expect(issueHtml).toContain('id="issue-newsletter-email"');
    // Nothing of who got it: no address, no sealed link.
    expect(issueHtml).not.toContain(OWNER.email);
    expect(issueHtml).not.toMatch(/[?&]t=[\w-]{20,}/);
    expect((await get(ARCHIVE.en)).status).toBe(404);

    // hreflang: the ar archive names itself (and x-default) only; the sitemap lists the same.
    const alternates = [...listHtml.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => m[1]);
    expect(alternates).toEqual(["ar", "x-default"]);
    const sitemap = await (await get("/sitemap.xml")).text();
    // Each entry's alternates, as "lang path" (the sitemap names the site by SITE_URL).
    const entry = (path: string) =>
      [
        ...(new RegExp(`<url><loc>[^<]*${path}</loc>(.*?)</url>`).exec(sitemap)?.[1] ?? "").matchAll(/hreflang="([^"]+)" href="[^"]*?(\/[a-z]{2}\/[^"]*)"/g),
      ].map((m) => `${m[1]} ${m[2]}`);
    expect(entry(ARCHIVE.ar)).toEqual([`ar ${ARCHIVE.ar}`, `x-default ${ARCHIVE.ar}`]);
    expect(entry(issuePath)).toEqual([`ar ${issuePath}`, `x-default ${issuePath}`]);
    expect(sitemap).not.toContain(ARCHIVE.en);

    // Withdrawn: the kept pages are dropped at once.
    expect((await asOwner(`${page}?intent=send`, { do: "withdraw" })).status).toBe(303);
    expect((await get(ARCHIVE.ar)).status).toBe(404);
    expect((await get(issuePath)).status).toBe(404);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(ARCHIVE.ar);
  });

  test("each save of a draft is kept as a version; a version is readable and restoring it brings its text back into the draft", async () => {
    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const asOwner = (path: string, fields: Record<string, string>) => form(path, { csrf: owner.csrf, ...fields }, { cookie: owner.cookie });
    const open = async (path: string) => (await fetch(site.url + path, { headers: { cookie: owner.cookie } })).text();
    const page = (await asOwner("/admin/bulletins", { list: "en", title: "Versions" })).headers.get("location")!;
    expect((await asOwner(page, { do: "save", list: "en", title: "Versions", body: "<p>First text</p>" })).status).toBe(303);
    expect((await asOwner(page, { do: "save", list: "en", title: "Versions", body: "<p>Second text</p>" })).status).toBe(303);
    const versions = [...(await open(page)).matchAll(/<tr data-version="(\d+)"/g)].map((m) => m[1]);
    expect(versions).toHaveLength(2);
    const first = `${page}/versions/${versions[1]}`;
    expect(await open(first)).toContain("First text");
    expect((await asOwner(first, {})).status).toBe(303);
    const after = await open(page);
    expect(after).toContain("First text");
    expect(after).not.toContain("Second text");
    expect([...after.matchAll(/<tr data-version="/g)]).toHaveLength(3);
  });
});

describe("built forms (issue 43 item 4, ADR 065)", () => {
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(site.url + encodeURI(path), {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url, ...headers },
      body: new URLSearchParams(fields),
    });
  /** The editor's whole post in one language, as a browser without JavaScript sends it (unticked boxes are absent). */
  const editorPost = (lang: string, title: string, slug: string, more: Record<string, string> = {}) => ({
    lang,
    name: "Spring dental package",
    health: "on",
    title,
    intro: "",
    slug,
    ...more,
  });

  test("an editor builds a form without JavaScript: fields added and moved by buttons; a form about health is refused until it has an explicit consent; publishing keeps a version", async () => {
    const owner = await signInToSite(site.url, OWNER.email, OWNER.password);
    const asOwner = (path: string, fields: Record<string, string>) => post(path, { csrf: owner.csrf, ...fields }, { cookie: owner.cookie });
    const open = async (path: string) => (await fetch(site.url + path, { headers: { cookie: owner.cookie } })).text();
    const created = await asOwner("/admin/forms/new", { name: "Spring dental package", health: "on" });
    expect(created.status).toBe(302);
    const page = created.headers.get("location")!;
    expect(page).toMatch(/^\/admin\/forms\/\d+$/);
    const en = (more: Record<string, string> = {}) => editorPost("en", "Dental package", "dental-package", more);
    for (const type of ["multiChoice", "date", "file", "consent", "file"]) expect((await asOwner(page, en({ do: "add", newType: type }))).status).toBe(303);
    // The date goes first; the multiple choice gets two choices.
    expect((await asOwner(page, en({ do: "up:f2" }))).status).toBe(303);
    for (let i = 0; i < 2; i++) expect((await asOwner(page, en({ do: "addChoice:f1" }))).status).toBe(303);
    const labels = {
      "f2.label": "Arrival day",
      "f2.required": "on",
      "f2.minDate": "2020-01-01",
      "f1.label": "Treatments",
      "f1.required": "on",
      "f1.maxChoices": "2",
      "f1.c1": "Implants",
      "f1.c2": "Whitening",
      "f3.label": "A photo of your teeth",
      "f3.health": "on",
      "f4.label": "I consent to my health data being processed",
      "f4.required": "on",
      // A second file field, for PDFs only: kept as sent, downloaded by staff.
      "f5.label": "Your dentist's report",
      "f5.accept": "pdf",
    };
    expect((await asOwner(page, en({ do: "save", ...labels }))).status).toBe(303);
    const editor = await open(`${page}?lang=en`);
    expect([...editor.matchAll(/data-field="(f\d)" data-type="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual([
      "f2:date",
      "f1:multiChoice",
      "f3:file",
      "f4:consent",
      "f5:file",
    ]);
    expect(editor).toContain('value="Whitening"');

    // About health, with no consent marked as the explicit one: refused, and said why.
    const refused = await asOwner(`${page}?intent=publish`, { lang: "en" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("no required consent field marked as the explicit consent to health data");
    expect(await open("/admin/forms")).toContain("Not published");
    expect((await asOwner(page, en({ do: "save", ...labels, "f4.health": "on" }))).status).toBe(303);
    expect((await asOwner(`${page}?intent=publish`, { lang: "en" })).status).toBe(303);
    const published = await open(`${page}?lang=en`);
    expect(published).toMatch(/data-lang="en" data-published="yes"/);
    expect(published).toMatch(/data-lang="ar" data-published="no"/);

    // Published in Arabic too; a visitor sends it without JavaScript (a plain multipart post).
    const ar = {
      "f2.label": "يوم الوصول",
      "f1.label": "العلاجات",
      "f1.c1": "زراعة الأسنان",
      "f1.c2": "تبييض الأسنان",
      "f3.label": "صورة لأسنانك",
      "f4.label": "أوافق على معالجة بياناتي الصحية",
      "f5.label": "تقرير طبيب أسنانك",
    };
    const arFlags = {
      "f2.required": "on",
      "f2.minDate": "2020-01-01",
      "f1.required": "on",
      "f1.maxChoices": "2",
      "f3.health": "on",
      "f4.required": "on",
      "f4.health": "on",
      "f5.accept": "pdf",
    };
    expect((await asOwner(page, editorPost("ar", "باقة الأسنان", "باقة-الأسنان", { do: "save", ...ar, ...arFlags }))).status).toBe(303);
    expect((await asOwner(`${page}?intent=publish`, { lang: "ar" })).status).toBe(303);
    const arPath = "/ar/نماذج/باقة-الأسنان";
    // A visitor who allowed analytics, in a browser (a bot's user agent is never counted): the form's funnel counts them (ADR 054).
    const browser = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const opened = await openLeadForm(site.url + encodeURI(arPath));
    // Allowed while the form's minimum fill time passes.
    const [allowed] = await Promise.all([post("/consent", { intent: "accept", redirectTo: "/ar" }, { "user-agent": browser }), sleep(2_100)]);
    const cookie = [allowed.headers.getSetCookie()[0].split(";")[0], opened.cookie].join("; ");
    const hidden = opened.hidden;

    const report = Buffer.from("%PDF-1.4\n% A dentist's report\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const send = (date: string, pdf: Buffer) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(hidden)) body.append(name, value);
      body.append("f2", date);
      body.append("f1", "c1");
      body.append("f1", "c2");
      body.append("f3", new Blob([TINY_JPEG], { type: "image/jpeg" }), "teeth.jpg");
      body.append("f4", "on");
      body.append("f5", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "report.pdf");
      return fetch(site.url + encodeURI(arPath), { method: "POST", headers: { cookie, "user-agent": browser }, body, redirect: "manual" });
    };
    // A bad date, and a web page renamed as a PDF: both refused in Arabic, the other values kept.
    const bad = await send("2026-02-31", Buffer.from("<!doctype html><title>report</title><p>Not a PDF</p>\n%%EOF\n"));
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain("يُرجى إدخال تاريخ صحيح باليوم والشهر والسنة.");
    expect(badPage).toMatch(/name="f1" checked="" value="c1"/);
    expect(badPage).toMatch(/name="f1" checked="" value="c2"/);
    expect(badPage).toContain('value="2026-02-31"');
    expect(badPage).toContain("هذا الملف ليس مستند PDF كاملًا. يرجى اختيار ملف PDF.");
    const good = await send("2026-05-04", report);
    expect(good.status).toBe(303);
    const [lead] = await eventually(
      () => storedLeads(dataDir).filter((l) => l.kind === "builtForm" && (l.payload as { answers?: { f2?: string } }).answers?.f2 === "2026-05-04"),
      (l) => l.length === 1,
    );
    expect(lead.payload).toMatchObject({ languageCode: "ar", formTitle: "باقة الأسنان", answers: { f2: "2026-05-04", f1: ["c1", "c2"], f4: "on" } });
    const files = lead.payload.files as Record<string, string>;
    expect(Object.keys(files).sort()).toEqual(["f3", "f5"]);

    // In the inbox as its own kind, every field labelled as the version it answered (in the staff member's English), its photo with it.
    const leadPage = await open(`/admin/leads/${lead.id}`);
    for (const text of [
      "Built form",
      "باقة الأسنان",
      "Arrival day",
      "2026-05-04",
      "Treatments",
      "Implants, Whitening",
      "I consent to my health data being processed",
    ])
      expect(leadPage).toContain(text);
    expect(leadPage).toContain(`/admin/leads/${lead.id}/photo?field=f3`);
    expect(leadPage).toContain("Your dentist&#x27;s report");
    // The PDF as the visitor sent it, byte for byte, only ever as a download.
    const download = await fetch(`${site.url}/admin/leads/${lead.id}/photo?field=f5`, { headers: { cookie: owner.cookie } });
    expect([download.status, download.headers.get("content-type"), download.headers.get("x-content-type-options")]).toEqual([
      200,
      "application/pdf",
      "nosniff",
    ]);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(Buffer.from(await download.arrayBuffer()).equals(report)).toBe(true);
    const anonymous = await fetch(`${site.url}/admin/leads/${lead.id}/photo?field=f5`, { redirect: "manual" });
    expect([anonymous.status, anonymous.headers.get("location")?.startsWith("/admin/sign-in")]).toEqual([302, true]);
    // In the export too: its form, and its answers labelled as in the inbox.
    const csv = await open("/admin/leads/export.csv");
    for (const text of ["باقة الأسنان", "Arrival day: 2026-05-04", "Treatments: Implants, Whitening"]) expect(csv).toContain(text);

    // An unknown slug is the localized 404; renamed, the old slug answers 301 to the new one.
    expect((await fetch(`${site.url}${encodeURI("/ar/نماذج/لا-يوجد")}`)).status).toBe(404);
    expect((await asOwner(page, editorPost("en", "Dental package", "dental-offer", { do: "save", ...labels, "f4.health": "on" }))).status).toBe(303);
    expect((await asOwner(`${page}?intent=publish`, { lang: "en" })).status).toBe(303);
    const moved = await fetch(`${site.url}/en/forms/dental-package`, { redirect: "manual" });
    expect([moved.status, moved.headers.get("location")]).toEqual([301, "/en/forms/dental-offer"]);
    expect((await fetch(`${site.url}/en/forms/dental-offer`)).status).toBe(200);

    // The form's own funnel (read here, when the site has long sent its events), titled by its name: sent twice,
    // refused once, accepted once, delivered; the bad date's error labelled as the form labels the field (the owner reads English).
    const formId = page.split("/").at(-1);
    const funnels = async () => (await fetch(`${site.url}/admin/analytics/forms`, { headers: { cookie: owner.cookie } })).text();
    const arRow = (html: string) => html.split(`data-table="funnel-builtForm-${formId}"`)[1]?.split('<tr data-row="ar">')[1]?.split("</tr>")[0] ?? "";
    const step = (row: string, name: string) => Number(new RegExp(`data-figure="${name}" data-value="(\\d+)"`).exec(row)?.[1]);
    let funnelPage = "";
    await expect.poll(async () => step(arRow((funnelPage = await funnels())), "accepted"), { timeout: 10_000 }).toBe(1);
    expect(funnelPage).toContain("Spring dental package form");
    expect(["submitted", "refused", "accepted", "delivered"].map((name) => step(arRow(funnelPage), name))).toEqual([2, 1, 1, 1]);
    const dateError = funnelPage.split(`data-row="builtForm-${formId}/f2/date"`)[1]?.split("</tr>")[0] ?? "";
    expect(dateError).toContain('data-value="Arrival day"');
    expect(dateError).toContain("Please enter a date as day, month and year.");

    // Erasing the patient removes the built form's lead and its files.
    const patientPath = /href="(\/admin\/customers\/\d+)"/.exec(leadPage)![1];
    // The patient record and its export label the answers as the version words them, and the export holds both files.
    const record = await open(patientPath);
    for (const text of ["Arrival day: 2026-05-04", "Treatments: Implants, Whitening"]) expect(record).toContain(text);
    const held = (await (await fetch(`${site.url}${patientPath}/export.json`, { headers: { cookie: owner.cookie } })).json()) as {
      leads: { id: number; answersLabelled?: unknown[]; files: { field: string; base64: string }[] }[];
    };
    const heldLead = held.leads.find((l) => l.id === lead.id)!;
    expect(heldLead.answersLabelled).toContainEqual({ key: "f2", label: "Arrival day", value: "2026-05-04" });
    expect(heldLead.files.find((file) => file.field === "f5")?.base64).toBe(report.toString("base64"));
    const erased = await asOwner(patientPath, { confirm: "on" });
    expect([erased.status, erased.headers.get("location")]).toEqual([303, "/admin/customers"]);
    expect((await fetch(`${site.url}/admin/leads/${lead.id}`, { headers: { cookie: owner.cookie } })).status).toBe(404);
    expect(storedLeads(dataDir).some((l) => l.id === lead.id)).toBe(false);
    const db = new Database(join(dataDir, "backend.sqlite"), { readonly: true });
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM uploads WHERE id IN (?, ?)").get(files.f3, files.f5)).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
