import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openSqlite } from "../app/lib/platform/sqlite.server";
import { migrate } from "./db";
import { adminEndpoints, LeadStatsSchema } from "../app/lib/platform/api/admin-contract";
import type { ContactFormPayload, JobOfferPayload, WebAgencyRegistrationPayload } from "../app/lib/platform/api/contract";
import { filesHolding } from "../tests/support/erasure";
import { LEAD_SEARCH_TEXT_MIGRATION } from "./db";
import { deleteOrphanPhotos } from "./orphan-photos";
import { OWNER, staffBackend, type StaffBackend } from "../tests/support/staff";
import { clinicDayOf } from "./clinic-days";

let env: StaffBackend;
let ids: Record<string, number>;
const lead: Record<string, number> = {};
/** The job application as the outbox delivered it: its payload and both calls' Idempotency-Keys. */
const delivery = { job: {} as JobOfferPayload, key: crypto.randomUUID(), photoKey: crypto.randomUUID() };
const DAY = 86_400_000;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const contact = (over: Partial<ContactFormPayload>): ContactFormPayload => ({
  projectId: 2,
  notificationSourceId: 3,
  languageCode: "en",
  formType: "contact",
  source: "website",
  name: "Ayla Yılmaz",
  email: "ayla@example.org",
  message: "Hello",
  privacyConsent: true,
  ...over,
});

beforeAll(async () => {
  env = await staffBackend();
  ids = env.addUsers([
    { email: "coord@remed.test", role: "coordinator", name: "Cem Coordinator" },
    { email: "viewer@remed.test", role: "viewer" },
    { email: "editor@remed.test", role: "editor" },
    { email: "former@remed.test", role: "coordinator", disabled: true },
  ]);
  const post = <N extends "contactForm" | "webAgencyRegistration" | "jobOffer">(name: N, payload: unknown) =>
    env.api.post(name, { lang: "en", payload: payload as never, idempotencyKey: crypto.randomUUID() });
  // Three days ago: an offer in Turkish.
  env.advance(-3 * DAY);
  lead.oldOffer = (
    await post(
      "contactForm",
      contact({ formType: "offer", languageCode: "tr", name: "Mehmet Eski", email: "mehmet@example.org", phone: "+905321112233", source: "magazine" }),
    )
  ).id;
  env.advance(3 * DAY);
  lead.contact = (await post("contactForm", contact({ phone: "+447700900123", cityName: "Little Snoring", message: "Rhinoplasty, please" }))).id;
  lead.feedback = (
    await post("contactForm", contact({ formType: "feedback", languageCode: "fr", name: "Claire 100% Dupont", email: "claire@example.org" }))
  ).id;
  lead.underscore = (await post("contactForm", contact({ name: "Under_Score", email: "under@example.org" }))).id;
  const partner: WebAgencyRegistrationPayload = {
    projectId: 2,
    notificationSourceId: 3,
    languageCode: "ru",
    institutionTypeId: 1,
    countryCode: "KZ",
    organisation: "Almaty Travel",
    contactPerson: "Irina Petrova",
    email: "irina@example.org",
    phone: "+77011234567",
  };
  lead.partner = (await post("webAgencyRegistration", partner)).id;
  const image = await env.api.uploadImage({ lang: "ar", file: new File([new Uint8Array(PNG)], "me.png"), idempotencyKey: delivery.photoKey });
  const job: JobOfferPayload = {
    projectId: 2,
    notificationSourceId: 3,
    languageCode: "ar",
    name: "Omar Haddad",
    email: "omar@example.org",
    phone: "+971501234567",
    position: "Coordinator",
    message: "CV attached",
    imageId: image.id,
  };
  delivery.job = job;
  lead.job = (await env.api.post("jobOffer", { lang: "ar", payload: job, idempotencyKey: delivery.key })).id;
});
afterAll(() => env.close());

const token = (email: string) => env.session(email).then((s) => s.accessToken);
const get = async (path: string, email = OWNER.email) => env.call("GET", path, { token: await token(email) });

describe("the leads list", () => {
  test("newest first, in the contract's shape, with names, sources and kinds", async () => {
    const answer = await get("/api/admin/leads");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const { result } = adminEndpoints.leads.response.parse(answer.body);
    expect(result.totalCount).toBe(6);
    expect(result.data.map((l) => l.id)).toEqual([lead.job, lead.partner, lead.underscore, lead.feedback, lead.contact, lead.oldOffer]);
    expect(result.data.find((l) => l.id === lead.partner)).toMatchObject({
      kind: "partner",
      name: "Irina Petrova",
      source: null,
      language: "ru",
      status: "new",
      assignee: null,
    });
    expect(result.data.find((l) => l.id === lead.oldOffer)).toMatchObject({ kind: "offer", source: "magazine", phone: "+905321112233", language: "tr" });
    expect(result.data.find((l) => l.id === lead.job)).toMatchObject({ kind: "job", name: "Omar Haddad", source: null });
  });

  test("filters by kind, language and day; searches name, e-mail and phone, % and _ meaning themselves", async () => {
    const idsOf = async (query: string) => {
      const answer = await get(`/api/admin/leads?${query}`);
      expect(answer.status, query).toBe(200);
      return answer.body.result.data.map((l: { id: number }) => l.id);
    };
    expect(await idsOf("kind=offer")).toEqual([lead.oldOffer]);
    expect(await idsOf("kind=contact")).toEqual([lead.underscore, lead.contact]);
    expect(await idsOf("kind=feedback")).toEqual([lead.feedback]);
    expect(await idsOf("kind=partner")).toEqual([lead.partner]);
    expect(await idsOf("kind=job")).toEqual([lead.job]);
    expect(await idsOf("language=fr")).toEqual([lead.feedback]);
    // The clinic's days (Istanbul), as the filter reads them.
    const today = clinicDayOf(env.now());
    const threeDaysAgo = clinicDayOf(env.now() - 3 * DAY);
    expect(await idsOf(`from=${today}`)).not.toContain(lead.oldOffer);
    expect(await idsOf(`to=${threeDaysAgo}`)).toEqual([lead.oldOffer]);
    expect(await idsOf(`from=${threeDaysAgo}&to=${threeDaysAgo}`)).toEqual([lead.oldOffer]);
    expect(await idsOf("q=petrova")).toEqual([lead.partner]);
    expect(await idsOf("q=OMAR@example")).toEqual([lead.job]);
    expect(await idsOf("q=7700900")).toEqual([lead.contact]);
    expect(await idsOf(`q=${encodeURIComponent("+90 532 111")}`)).toEqual([lead.oldOffer]);
    expect(await idsOf("q=%25")).toEqual([lead.feedback]);
    expect(await idsOf("q=_")).toEqual([lead.underscore]);
    expect(await idsOf("q=nobody-at-all")).toEqual([]);
    expect((await get("/api/admin/leads?kind=robot")).status).toBe(400);
    expect((await get("/api/admin/leads?from=2026-02-30")).body.errors[0].field).toBe("from");
    expect((await get("/api/admin/leads?pageSize=101")).status).toBe(400);
  });

  test("pages", async () => {
    const page = await get("/api/admin/leads?pageIndex=2&pageSize=4");
    expect(page.body.result).toMatchObject({ totalCount: 6, pageIndex: 2, pageSize: 4 });
    expect(page.body.result.data.map((l: { id: number }) => l.id)).toEqual([lead.contact, lead.oldOffer]);
  });
});

describe("a lead", () => {
  test("its detail shows every field the visitor sent, and the photo instead of its reference", async () => {
    const answer = await get(`/api/admin/leads/${lead.contact}`);
    const detail = adminEndpoints.lead.response.parse(answer.body).result;
    expect(detail.fields).toMatchObject({
      name: "Ayla Yılmaz",
      cityName: "Little Snoring",
      message: "Rhinoplasty, please",
      privacyConsent: true,
      formType: "contact",
    });
    expect(detail.photo).toBeNull();
    const job = adminEndpoints.lead.response.parse((await get(`/api/admin/leads/${lead.job}`)).body).result;
    // The upload was re-encoded (ADR 006): what is stored is a JPEG.
    expect(job.photo).toEqual({ contentType: "image/jpeg", size: expect.any(Number) });
    expect(job.fields).not.toHaveProperty("imageId");
    expect(job.fields).toMatchObject({ position: "Coordinator", message: "CV attached" });
    expect((await get("/api/admin/leads/99999")).status).toBe(404);
    expect((await get("/api/admin/leads/abc")).status).toBe(404);
  });

  test("the photo is served with its type and never cached", async () => {
    const photo = await get(`/api/admin/leads/${lead.job}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toBe("private, no-store");
    expect(Number(photo.headers.get("content-length"))).toBe(photo.body.length);
    expect(photo.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await get(`/api/admin/leads/${lead.contact}/photo`)).status).toBe(404);
  });

  test("status, assignee and notes change with write:lead, and each change is audited", async () => {
    const coordinator = await token("coord@remed.test");
    const patch = (body: unknown) => env.call("PATCH", `/api/admin/leads/${lead.contact}`, { token: coordinator, body });
    const booked = await patch({ status: "booked", assigneeId: ids["coord@remed.test"] });
    expect(booked.status).toBe(200);
    expect(booked.body.result).toMatchObject({ status: "booked", assignee: { id: ids["coord@remed.test"], name: "Cem Coordinator" } });
    // Only an enabled user who may work leads can be assigned.
    for (const who of ["viewer@remed.test", "editor@remed.test", "former@remed.test"]) {
      const refused = await patch({ assigneeId: ids[who] });
      expect(refused.status, who).toBe(400);
      expect(refused.body.errors[0].field).toBe("assigneeId");
    }
    expect((await patch({ assigneeId: 424242 })).status).toBe(400);
    expect((await patch({ status: "sold" })).status).toBe(400);
    const unassigned = await patch({ assigneeId: null });
    expect(unassigned.body.result.assignee).toBeNull();
    expect(unassigned.body.result.status).toBe("booked");

    const note = await env.call("POST", `/api/admin/leads/${lead.contact}/notes`, { token: coordinator, body: { text: "  Called back, wants May.  " } });
    expect(note.status).toBe(201);
    expect(note.body.result.notes).toEqual([
      {
        id: expect.any(Number),
        author: { id: ids["coord@remed.test"], name: "Cem Coordinator" },
        text: "Called back, wants May.",
        createdAt: expect.any(String),
        edited: null,
        earlier: [],
      },
    ]);
    expect((await env.call("POST", `/api/admin/leads/${lead.contact}/notes`, { token: coordinator, body: { text: "   " } })).status).toBe(400);
    expect((await env.call("PATCH", "/api/admin/leads/99999", { token: coordinator, body: { status: "booked" } })).status).toBe(404);

    const byLead = env.audit().filter((r) => r.target === `lead:${lead.contact}`);
    expect(byLead.map((r) => [r.action, r.detail])).toEqual([
      ["lead.status", "new → booked"],
      ["lead.assign", `nobody → user:${ids["coord@remed.test"]}`],
      ["lead.assign", `user:${ids["coord@remed.test"]} → nobody`],
      ["lead.note", `note ${note.body.result.notes[0].id}`],
    ]);
    expect(byLead.every((r) => r.actor_id === ids["coord@remed.test"] && r.actor_email === "coord@remed.test")).toBe(true);
    expect((await get("/api/admin/leads?status=booked")).body.result.data.map((l: { id: number }) => l.id)).toEqual([lead.contact]);
  });

  test("assignees are the enabled users who may work leads", async () => {
    const answer = await get("/api/admin/assignees", "viewer@remed.test");
    expect(answer.status).toBe(200);
    const names = adminEndpoints.assignees.response.parse(answer.body).result.data.map((p) => p.name);
    expect(names.sort()).toEqual(["Cem Coordinator", "owner"]);
  });

  test("the export gives whole leads to export:lead only", async () => {
    expect((await get("/api/admin/leads/export", "viewer@remed.test")).status).toBe(403);
    const answer = await get("/api/admin/leads/export?language=ru", "coord@remed.test");
    expect(answer.status).toBe(200);
    const { result } = adminEndpoints.leadsExport.response.parse(answer.body);
    expect(result.data.map((l) => l.id)).toEqual([lead.partner]);
    expect(result.data[0].fields).toMatchObject({ organisation: "Almaty Travel", countryCode: "KZ" });
    expect(result.data[0].notesCount).toBe(0);
    expect(result.totalCount).toBe(1);
    expect(env.audit("lead.export").at(-1)).toMatchObject({ actor_email: "coord@remed.test", detail: "1 leads; language=ru" });
    // The notes are counted, not copied.
    const withNote = (await get(`/api/admin/leads/export?status=booked`, "coord@remed.test")).body.result.data;
    expect(withNote.map((l: { id: number; notesCount: number; notes: unknown[] }) => [l.id, l.notesCount, l.notes])).toEqual([[lead.contact, 1, []]]);
    // A search's words are often a patient's name: the log says a search was made, not what it was.
    expect((await get("/api/admin/leads/export?q=Petrova&kind=partner", "coord@remed.test")).body.result.totalCount).toBe(1);
    expect(env.audit("lead.export").at(-1)).toMatchObject({ detail: "1 leads; kind=partner, a search" });
  });

  test("erasure removes the lead, its notes and its photo, and leaves no personal data in the log", async () => {
    const owner = await token(OWNER.email);
    const noted = await env.call("POST", `/api/admin/leads/${lead.job}/notes`, { token: owner, body: { text: "Omar called from +971501234567" } });
    // An edited note keeps its earlier text, and a lost lead its reason: erasure takes both, and the lead's history.
    const noteId = noted.body.result.notes[0].id;
    expect((await env.call("PATCH", `/api/admin/leads/${lead.job}/notes/${noteId}`, { token: owner, body: { text: "Omar rang again" } })).status).toBe(200);
    await env.call("PATCH", `/api/admin/leads/${lead.job}`, { token: owner, body: { status: "lost", lostReason: "Omar chose a clinic in Dubai" } });
    const imageId = JSON.parse(env.db.prepare("SELECT payload FROM leads WHERE id = ?").pluck().get(lead.job) as string).imageId;
    expect((await env.call("DELETE", `/api/admin/leads/${lead.job}`, { token: await token("viewer@remed.test") })).status).toBe(403);
    const erased = await env.call("DELETE", `/api/admin/leads/${lead.job}`, { token: owner });
    expect(erased.status).toBe(204);
    expect((await get(`/api/admin/leads/${lead.job}`)).status).toBe(404);
    expect((await get(`/api/admin/leads/${lead.job}/photo`)).status).toBe(404);
    expect(env.db.prepare("SELECT COUNT(*) FROM uploads WHERE id = ?").pluck().get(imageId)).toBe(0);
    for (const table of ["lead_notes", "lead_note_versions", "lead_history"]) {
      expect(env.db.prepare(`SELECT COUNT(*) FROM ${table} WHERE lead_id = ?`).pluck().get(lead.job), table).toBe(0);
    }
    expect(env.audit("lead.delete").at(-1)).toMatchObject({ actor_email: OWNER.email, target: `lead:${lead.job}`, detail: "job lead erased" });
    const log = JSON.stringify(env.audit());
    for (const personal of ["Omar", "omar@example.org", "971501234567", "Haddad", "Dubai"]) expect(log).not.toContain(personal);
    expect((await env.call("DELETE", `/api/admin/leads/${lead.job}`, { token: owner })).status).toBe(404);
    // An outbox that could not record the delivery sends it again, keys and all: nothing comes back.
    const photoAgain = await env.api.uploadImage({ lang: "ar", file: new File([new Uint8Array(PNG)], "me.png"), idempotencyKey: delivery.photoKey });
    expect(photoAgain.id).toBe(imageId);
    expect((await env.api.post("jobOffer", { lang: "ar", payload: delivery.job, idempotencyKey: delivery.key })).id).toBe(lead.job);
    expect(env.db.prepare("SELECT COUNT(*) FROM uploads").pluck().get()).toBe(0);
    expect((await get(`/api/admin/leads/${lead.job}`)).status).toBe(404);
    // Nor in any file of the database while it runs: not in freed pages, not in the write-ahead log (ADR 030).
    // The search's folded copy went with the row.
    const folded = ["omar haddad", "cv attached", "971501234567"];
    expect(
      filesHolding(env.dataDir, [
        "Omar Haddad",
        "omar@example.org",
        "+971501234567",
        "CV attached",
        "Omar called from",
        "Omar rang",
        "clinic in Dubai",
        ...folded,
        PNG,
      ]),
    ).toEqual([]);
  });
});

describe("the dashboard", () => {
  test("stats count the last days by kind and language, zero-filled, oldest first", async () => {
    const answer = await get("/api/admin/stats?days=4", "viewer@remed.test");
    expect(answer.status).toBe(200);
    const { days, byStatus } = LeadStatsSchema.parse(answer.body).result;
    const day = (ago: number) => clinicDayOf(env.now() - ago * DAY);
    expect(days.map((d) => d.date)).toEqual([day(3), day(2), day(1), day(0)]);
    expect(days[0].byKind).toEqual({ offer: 1, contact: 0, feedback: 0, partner: 0, job: 0, builtForm: 0 });
    expect(days[0].byLanguage).toEqual({ en: 0, tr: 1, ru: 0, fr: 0, ar: 0 });
    expect(days[1].byKind).toEqual({ offer: 0, contact: 0, feedback: 0, partner: 0, job: 0, builtForm: 0 });
    expect(days[1].byLanguage).toEqual({ en: 0, tr: 0, ru: 0, fr: 0, ar: 0 });
    // Today: two contacts, the feedback and the partner (the job application was erased).
    expect(days[3].byKind).toEqual({ offer: 0, contact: 2, feedback: 1, partner: 1, job: 0, builtForm: 0 });
    expect(days[3].byLanguage).toEqual({ en: 2, tr: 0, ru: 1, fr: 1, ar: 0 });
    expect(byStatus).toEqual({ new: 4, contacted: 0, offer_sent: 0, booked: 1, treated: 0, lost: 0, spam: 0 });

    const two = LeadStatsSchema.parse((await get("/api/admin/stats?days=2")).body).result;
    expect(two.days.map((d) => d.date)).toEqual([day(1), day(0)]);
    expect(two.byStatus.new).toBe(3);
    expect(LeadStatsSchema.parse((await get("/api/admin/stats")).body).result.days).toHaveLength(30);
    expect((await get("/api/admin/stats?days=0")).status).toBe(400);
    expect((await get("/api/admin/stats?days=91")).status).toBe(400);
  });
});

test("a photo no lead refers to (its application was refused) is deleted 30 days after it arrived; a lead's photo stays", async () => {
  const upload = () => env.api.uploadImage({ lang: "en", file: new File([new Uint8Array(PNG)], "me.png"), idempotencyKey: crypto.randomUUID() });
  const [orphan, kept] = [await upload(), await upload()];
  await env.api.post("jobOffer", { lang: "en", payload: { ...delivery.job, imageId: kept.id }, idempotencyKey: crypto.randomUUID() });
  const stored = () => env.db.prepare("SELECT id FROM uploads ORDER BY id").pluck().all();
  expect(deleteOrphanPhotos(env.db, env.now() + 29 * DAY)).toBe(0);
  expect(deleteOrphanPhotos(env.db, env.now() + 31 * DAY)).toBe(1);
  expect(stored()).toEqual([kept.id]);
  expect(stored()).not.toContain(orphan.id);
});

test("the search finds people in every script: case, accents, Turkish i, Arabic marks and hamza, message words, phones however typed", async () => {
  const post = async (over: Partial<ContactFormPayload>) =>
    (await env.api.post("contactForm", { lang: "en", payload: contact(over) as never, idempotencyKey: crypto.randomUUID() })).id;
  const found = {
    olga: await post({ languageCode: "ru", name: "Ольга Смирнова", email: "olga@example.org" }),
    ayse: await post({ languageCode: "tr", name: "Ayşe Kaya", email: "kaya@example.org" }),
    isil: await post({ languageCode: "tr", name: "Işıl Şahin", email: "sahin@example.org", phone: "+905329876543" }),
    mohammed: await post({ languageCode: "ar", name: "مُحَمَّد العلي", email: "m.ali@example.org" }),
    ahmed: await post({ languageCode: "ar", name: "أحمد الـسيد", email: "a.sayed@example.org" }),
    claire: await post({ languageCode: "fr", name: "Hélène Martin", email: "helene@example.org", message: "Je voudrais une greffe de cheveux à Istanbul" }),
  };
  const idsOf = async (q: string) => (await get(`/api/admin/leads?q=${encodeURIComponent(q)}`)).body.result.data.map((l: { id: number }) => l.id);
  for (const q of ["ольга", "ОЛЬГА", "Ольга смирнова"]) expect(await idsOf(q), q).toEqual([found.olga]);
  for (const q of ["ayşe", "AYŞE", "ayse"]) expect(await idsOf(q), q).toEqual([found.ayse]);
  for (const q of ["isil", "ISIL", "İsil", "IŞIL ŞAHİN"]) expect(await idsOf(q), q).toEqual([found.isil]);
  for (const q of ["مُحَمَّد", "محمد"]) expect(await idsOf(q), q).toEqual([found.mohammed]);
  for (const q of ["احمد", "السيد"]) expect(await idsOf(q), q).toEqual([found.ahmed]);
  for (const q of ["GREFFE", "cheveux a istanbul", "helene", "HÉLÈNE"]) expect(await idsOf(q), q).toEqual([found.claire]);
  for (const q of ["0532 987 65 43", "+90 (532) 987-6543", "٠٥٣٢٩٨٧٦٥٤٣"]) expect(await idsOf(q), q).toEqual([found.isil]);
  for (const q of ["ольгаа", "greffe nez", "0532 000 00 00"]) expect(await idsOf(q), q).toEqual([]);
  // The export takes the same search.
  expect((await get(`/api/admin/leads/export?q=${encodeURIComponent("ОЛЬГА")}`)).body.result.data.map((l: { id: number }) => l.id)).toEqual([found.olga]);
});

test("leads stored before the search existed are found once the migration has run", async () => {
  const db = env.db;
  // Back to the schema before the search's migration, with the leads as they were stored; then the migration.
  db.exec("DROP TRIGGER leads_search_text_insert; DROP TRIGGER leads_search_text_update; ALTER TABLE leads DROP COLUMN search_text");
  db.exec(LEAD_SEARCH_TEXT_MIGRATION);
  const answer = await get(`/api/admin/leads?q=${encodeURIComponent("ОЛЬГА")}`);
  expect(answer.body.result.data.map((l: { name: string }) => l.name)).toEqual(["Ольга Смирнова"]);
});

test("leads stored before the pipeline move to its stages: in_progress is contacted, won is booked", async () => {
  // A database as the backend left it before the pipeline's migration (the eleventh).
  const dataDir = mkdtempSync(join(tmpdir(), "remed-migrate-"));
  const old = openSqlite(join(dataDir, "backend.sqlite"));
  migrate(old, 10);
  const insert = old.prepare("INSERT INTO leads (kind, received_at, payload, status) VALUES ('contactForm', ?, ?, ?)");
  const stored = (status: string, name: string) =>
    Number(insert.run(new Date().toISOString(), JSON.stringify(contact({ name, email: `${status}@example.org` })), status).lastInsertRowid);
  const [working, won] = [stored("in_progress", "Working Lead"), stored("won", "Won Lead")];
  old.close();

  const upgraded = await staffBackend({ dataDir });
  try {
    const token = (await upgraded.signIn(OWNER.email)).accessToken;
    const status = async (id: number) => (await upgraded.call("GET", `/api/admin/leads/${id}`, { token })).body.result.status;
    expect([await status(working), await status(won)]).toEqual(["contacted", "booked"]);
    const listed = await upgraded.call("GET", "/api/admin/leads?status=contacted", { token });
    expect(listed.body.result.data.map((l: { name: string }) => l.name)).toEqual(["Working Lead"]);
  } finally {
    await upgraded.close();
  }
});
