import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { LANGUAGE_CODES } from "../app/lib/platform/api/contract";
import { emptyShared, emptyTexts, PortraitSchema, type ContentKind, type Lang } from "../app/lib/platform/api/content-contract";
import routeTable from "../app/route-table.json" with { type: "json" };
import type { Db } from "./db";
import { pageLanguages, projectRow, PUBLIC_KIND, type ProjectedRow, type ProjectionLookup } from "./content/projection";
import { placement, type Values } from "./content/records";

export const seedDir = () => resolve(process.env.SEED_DIR ?? "backend/seed/content");

const Html = z.string().min(1);
const Base = { key: z.string(), uri: z.string().min(1), title: z.string(), summary: z.string(), body: Html, imageAlt: z.string() };
const text = z.string().trim().min(1);
const SeedSchemas = {
  treatments: z.array(z.object({ ...Base, isHighlighted: z.boolean(), subTreatments: z.array(z.object(Base)).min(2) })),
  blog: z.array(z.object({ ...Base, publishedAt: z.string(), author: z.string(), category: z.string() })),
  testimonials: z.array(z.object({ ...Base, publishedAt: z.string(), author: z.string(), treatmentKey: z.string() })),
  "special-deals": z.array(
    z.object({
      ...Base,
      priceFrom: z.object({ amount: z.number(), currency: z.string() }),
      validUntil: z.string(),
      includes: z.array(z.string()),
      treatmentKey: z.string(),
      /** The package the deal is for (ADR 064); shared, so read from the en seed. */
      packageKey: z.string().optional(),
    }),
  ),
  sliders: z.array(z.object({ key: z.string(), title: z.string(), subtitle: z.string(), imageAlt: z.string(), linkLabel: z.string(), linkPage: z.string() })),
  "institution-types": z.array(z.object({ key: z.string(), name: z.string() })),
  doctors: z.array(
    z
      .object({
        key: z.string(),
        uri: z.string().min(1),
        name: text,
        title: text,
        specialty: text,
        focus: text,
        summary: text.max(170),
        bio: z.array(text).min(1),
        education: z.array(text).min(1),
        certifications: z.array(text).min(1),
        memberships: z.array(text).min(1),
      })
      .strict(),
  ),
  faqs: z.array(z.object({ key: z.string(), question: text, answer: Html })),
  /** The route table's text pages (ADR 061), each in the languages the table gives it a URL in. */
  pages: z.array(z.object({ page: z.string(), title: text, metaDescription: text, lead: text, body: Html }).strict()),
  /** Treatment packages (ADR 064); price, validity and treatments are shared, so read from the en seed. */
  packages: z.array(
    z
      .object({
        key: z.string(),
        title: text,
        summary: text,
        includes: z.array(text).min(1),
        price: z.object({ amount: z.number().positive(), currency: z.string().regex(/^[A-Z]{3}$/) }),
        validUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        treatmentKeys: z.array(z.string()).min(1),
      })
      .strict(),
  ),
  /** "About life" (ADR 063): only some languages have articles, so a language may have no file. */
  "about-life": z
    .array(z.object({ key: z.string(), uri: z.string().min(1), title: text, summary: text, body: Html, imageAlt: text, publishedAt: z.string() }).strict())
    .default([]),
};
type SeedName = keyof typeof SeedSchemas;
type Seed = { [K in SeedName]: z.infer<(typeof SeedSchemas)[K]> };

/** The doctors' language-independent entries (backend/seed/content/doctors.json), in list order. */
const DoctorEntriesSchema = z.object({
  doctors: z.array(
    z.object({
      key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      medicalSpecialty: z.string(),
      languages: z.array(z.string().regex(/^[a-z]{2}$/)).min(1),
      specialistSince: z.number().int(),
      portrait: PortraitSchema,
    }),
  ),
});

/** A language's seed; treatments may be split over several files (treatments-1.json, ...). */
function readLanguage(dir: string, lang: string): Seed {
  const files = readdirSync(join(dir, lang))
    .filter((f) => f.endsWith(".json"))
    .sort();
  const raw: Record<string, unknown[]> = {};
  for (const file of files) {
    const name = file.replace(/(-\d+)?\.json$/, "");
    raw[name] = [...(raw[name] ?? []), ...JSON.parse(readFileSync(join(dir, lang, file), "utf8"))];
  }
  const seed = {} as Record<string, unknown>;
  for (const name of Object.keys(SeedSchemas) as SeedName[]) {
    const parsed = SeedSchemas[name].safeParse(raw[name]);
    if (!parsed.success) throw new Error(`Seed ${lang}/${name}: ${parsed.error.issues[0].path.join(".")} ${parsed.error.issues[0].message}`);
    seed[name] = parsed.data;
  }
  return seed as Seed;
}

/** Stable ids: the en seed's order decides them, and every language must carry the same keys. */
const ID_BASE = {
  treatment: 1,
  subTreatment: 101,
  blog: 201,
  testimonial: 301,
  specialDeal: 401,
  slider: 501,
  institutionType: 601,
  category: 701,
  doctor: 801,
  faq: 901,
  page: 1001,
  "about-life": 1101,
  package: 1201,
};

/** The route table's text pages, in its order: their ids follow it, whatever language names them first. */
export const TEXT_PAGES = (routeTable.pages as { name: string; module: string }[]).filter((p) => p.module === "text-page").map((p) => p.name);

export const artworkUrl = (kind: string, key: string) => `/media/${kind}/${key}.svg`;

/** Seeds may carry plain dates; the contract speaks ISO date-times. */
const toIso = (date: string) => new Date(date).toISOString();

export type Row = ProjectedRow;

/** A seeded item as the editorial tables hold it: every field of its kind, each language's text. */
export interface SeedRecord {
  kind: ContentKind;
  id: number;
  shared: Values;
  texts: Partial<Record<Lang, Values>>;
}

/** Turns the seed files into editorial records, every language checked against en's keys. */
export function buildRecords(dir = seedDir()): { records: SeedRecord[]; institutionRows: Row[] } {
  const seeds = Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, readLanguage(dir, lang)])) as Record<Lang, Seed>;
  const en = seeds.en;
  const records = new Map<string, SeedRecord>();
  const ids = new Map<string, number>();
  const idOf = (kind: keyof typeof ID_BASE, key: string, index: number) => {
    const id = ID_BASE[kind] + index;
    ids.set(`${kind}:${key}`, id);
    return id;
  };
  const require = (kind: keyof typeof ID_BASE, key: string, lang: string) => {
    const id = ids.get(`${kind}:${key}`);
    if (!id) throw new Error(`Seed ${lang}: ${kind} "${key}" is not in the en seed`);
    return id;
  };
  /** The record of an item, made from its shared fields the first time (the en pass). */
  const record = (kind: ContentKind, id: number, shared: () => Values) => {
    const key = `${kind}:${id}`;
    if (!records.has(key)) records.set(key, { kind, id, shared: { ...emptyShared(kind), ...shared() }, texts: {} });
    return records.get(key)!;
  };
  const put = (rec: SeedRecord, lang: Lang, fields: Values) => {
    rec.texts[lang] = { ...emptyTexts(rec.kind), ...fields };
  };
  const page = (item: z.infer<z.ZodObject<typeof Base>>) => ({
    uri: item.uri,
    title: item.title,
    summary: item.summary,
    body: item.body,
    imageAlt: item.imageAlt,
  });

  en.treatments.forEach((t, i) => idOf("treatment", t.key, i));
  en.treatments.flatMap((t) => t.subTreatments).forEach((s, i) => idOf("subTreatment", s.key, i));
  en.blog.forEach((b, i) => idOf("blog", b.key, i));
  en.testimonials.forEach((b, i) => idOf("testimonial", b.key, i));
  en["special-deals"].forEach((d, i) => idOf("specialDeal", d.key, i));
  en.sliders.forEach((s, i) => idOf("slider", s.key, i));
  en["institution-types"].forEach((s, i) => idOf("institutionType", s.key, i));
  // Blog topics: the en posts' category names, in order of first use.
  const topics = [...new Set(en.blog.map((b) => b.category))];
  topics.forEach((name, i) => idOf("category", name, i));
  const topicOfPost = new Map(en.blog.map((b) => [b.key, require("category", b.category, "en")]));
  const doctors = DoctorEntriesSchema.parse(JSON.parse(readFileSync(join(dir, "doctors.json"), "utf8"))).doctors;
  doctors.forEach((d, i) => idOf("doctor", d.key, i));
  en.faqs.forEach((f, i) => idOf("faq", f.key, i));
  TEXT_PAGES.forEach((name, i) => idOf("page", name, i));
  en["about-life"].forEach((a, i) => idOf("about-life", a.key, i));
  en.packages.forEach((p, i) => idOf("package", p.key, i));

  const institutionRows: Row[] = [];
  for (const lang of LANGUAGE_CODES) {
    const seed = seeds[lang];
    if (seed.treatments.length !== en.treatments.length) throw new Error(`Seed ${lang}: treatments differ from en`);
    seed.treatments.forEach((t, sort) => {
      const id = require("treatment", t.key, lang);
      const rec = record("treatment", id, () => ({ isHighlighted: t.isHighlighted, sort, imageUrl: artworkUrl("treatments", t.key) }));
      put(rec, lang, page(t));
      t.subTreatments.forEach((s, subSort) => {
        const sub = record("subTreatment", require("subTreatment", s.key, lang), () => ({
          parentId: id,
          sort: subSort,
          imageUrl: artworkUrl("treatments", s.key),
        }));
        put(sub, lang, page(s));
      });
    });
    for (const b of seed.blog) {
      const id = require("blog", b.key, lang);
      const categoryId = topicOfPost.get(b.key)!;
      const rec = record("blog", id, () => ({ publishedAt: toIso(b.publishedAt), categoryId, imageUrl: artworkUrl("blog", b.key) }));
      put(rec, lang, { ...page(b), author: b.author });
      // The topic's title in this language is the one its posts carry; they must agree.
      const topic = record("category", categoryId, () => ({}));
      const known = topic.texts[lang]?.title;
      if (known !== undefined && known !== b.category) throw new Error(`Seed ${lang}: posts of one topic name it "${known}" and "${b.category}"`);
      put(topic, lang, { title: b.category });
    }
    for (const b of seed.testimonials) {
      const rec = record("testimonial", require("testimonial", b.key, lang), () => ({
        publishedAt: toIso(b.publishedAt),
        treatmentId: require("treatment", b.treatmentKey, "en"),
        imageUrl: artworkUrl("testimonials", b.key),
      }));
      put(rec, lang, { ...page(b), author: b.author });
    }
    seed["special-deals"].forEach((d, sort) => {
      const rec = record("specialDeal", require("specialDeal", d.key, lang), () => ({
        price: d.priceFrom.amount,
        currency: d.priceFrom.currency,
        validUntil: d.validUntil,
        treatmentId: require("treatment", d.treatmentKey, "en"),
        packageId: d.packageKey ? require("package", d.packageKey, "en") : null,
        sort,
        imageUrl: artworkUrl("deals", d.key),
      }));
      put(rec, lang, { ...page(d), includes: d.includes });
    });
    seed.sliders.forEach((s, sort) => {
      const rec = record("slider", require("slider", s.key, lang), () => ({ sort, linkPage: s.linkPage, imageUrl: artworkUrl("sliders", s.key) }));
      put(rec, lang, { title: s.title, subtitle: s.subtitle, linkLabel: s.linkLabel, imageAlt: s.imageAlt });
    });
    if (seed.doctors.length !== doctors.length) throw new Error(`Seed ${lang}: doctors differ from doctors.json`);
    for (const { key, ...fields } of seed.doctors) {
      const id = require("doctor", key, lang);
      const entry = doctors[id - ID_BASE.doctor];
      const rec = record("doctor", id, () => ({
        medicalSpecialty: entry.medicalSpecialty,
        languages: entry.languages,
        specialistSince: entry.specialistSince,
        sort: id - ID_BASE.doctor,
        portrait: entry.portrait,
        imageUrl: artworkUrl("doctors", entry.key),
      }));
      put(rec, lang, fields);
    }
    seed.faqs.forEach((f, sort) => {
      put(
        record("faq", require("faq", f.key, lang), () => ({ sort })),
        lang,
        { question: f.question, answer: f.answer },
      );
    });
    // Every text page the table gives a URL in this language, and no other: a page without its text would have nothing to show.
    const expected = TEXT_PAGES.filter((name) => pageLanguages(name).includes(lang));
    const given = seed.pages.map((p) => p.page);
    if (expected.join() !== [...given].sort((a, b) => expected.indexOf(a) - expected.indexOf(b)).join() || new Set(given).size !== given.length) {
      throw new Error(`Seed ${lang}: pages must be the route table's text pages in ${lang} (${expected.join(", ")})`);
    }
    for (const { page, ...fields } of seed.pages)
      put(
        record("page", require("page", page, lang), () => ({ page })),
        lang,
        fields,
      );
    if (seed.packages.length !== en.packages.length) throw new Error(`Seed ${lang}: packages differ from en`);
    seed.packages.forEach((p, sort) => {
      const rec = record("package", require("package", p.key, lang), () => ({
        price: p.price.amount,
        currency: p.price.currency,
        validUntil: p.validUntil,
        treatmentIds: p.treatmentKeys.map((key) => require("treatment", key, "en")),
        sort,
      }));
      put(rec, lang, { title: p.title, summary: p.summary, includes: p.includes });
    });
    for (const { key, publishedAt, ...fields } of seed["about-life"]) {
      const rec = record("about-life", require("about-life", key, lang), () => ({
        publishedAt: toIso(publishedAt),
        imageUrl: artworkUrl("about-life", key),
      }));
      put(rec, lang, fields);
    }
    seed["institution-types"].forEach((s, sort) => {
      institutionRows.push({
        kind: "institutionType",
        id: require("institutionType", s.key, lang),
        lang,
        uri: s.key,
        sort,
        category_id: null,
        highlighted: 0,
        parent_id: null,
        doc: JSON.stringify({ name: s.name }),
      });
    });
  }
  return { records: [...records.values()], institutionRows };
}

/** Referenced kinds first, so a post finds its topic and a sub-treatment its treatment. */
const PROJECTION_ORDER: ContentKind[] = [
  "category",
  "treatment",
  "subTreatment",
  "package",
  "blog",
  "testimonial",
  "specialDeal",
  "slider",
  "doctor",
  "faq",
  "page",
  "about-life",
];

/** The public rows of seed records, built by the same projection that publishing uses. */
export function projectRecords(records: SeedRecord[]): Row[] {
  const rows = new Map<string, Row>();
  const lookup: ProjectionLookup = {
    row: (kind, id, lang) => rows.get(`${kind}:${id}:${lang}`),
    image: () => null,
  };
  const ordered = [...records].sort((a, b) => PROJECTION_ORDER.indexOf(a.kind) - PROJECTION_ORDER.indexOf(b.kind));
  for (const rec of ordered) {
    for (const lang of LANGUAGE_CODES) {
      const text = rec.texts[lang];
      const row = text && projectRow(rec.kind, rec.id, rec.shared, text, lang, lookup);
      if (!row) {
        if (text) throw new Error(`Seed ${lang}: ${rec.kind} ${rec.id} is incomplete`);
        continue;
      }
      rows.set(`${PUBLIC_KIND[rec.kind]}:${rec.id}:${lang}`, row);
    }
  }
  return [...rows.values()];
}

/** What the public endpoints serve from the seed: every seeded item's public rows and the institution types. */
export function buildRows(dir = seedDir()): Row[] {
  const { records, institutionRows } = buildRecords(dir);
  return [...projectRecords(records), ...institutionRows];
}

/**
 * Loads the seed when it changed since the last start. Content goes into the editorial tables and
 * the projection only while no staff member has ever saved content: a restart or a new seed never
 * overwrites an editor's work. Institution types are no editorial content and always follow the
 * seed. Leads and uploads are never touched.
 */
export function seed(db: Db, dir = seedDir(), clock: () => number = Date.now) {
  const { records, institutionRows } = buildRecords(dir);
  const rows = projectRecords(records);
  const hash = createHash("sha256").update(JSON.stringify({ records, rows, institutionRows })).digest("hex");
  const current = db.prepare("SELECT value FROM meta WHERE key = 'seed_hash'").pluck().get();
  if (current === hash) return;
  const edited = db.prepare("SELECT 1 FROM content_versions WHERE author_id IS NOT NULL LIMIT 1").get() !== undefined;
  const insertRow = db.prepare(
    "INSERT INTO items (kind, id, lang, uri, sort, category_id, highlighted, parent_id, doc) VALUES (@kind, @id, @lang, @uri, @sort, @category_id, @highlighted, @parent_id, @doc)",
  );
  db.transaction(() => {
    db.exec("DELETE FROM items WHERE kind = 'institutionType'");
    for (const row of institutionRows) insertRow.run(row);
    if (!edited) {
      db.exec("DELETE FROM items; DELETE FROM content_items; DELETE FROM content_texts; DELETE FROM content_versions; DELETE FROM content_redirects;");
      for (const row of [...rows, ...institutionRows]) insertRow.run(row);
      writeRecords(db, records, rows, new Date(clock()).toISOString());
    } else {
      // Text pages became content after editing began on running sites (ADR 061): a text page the
      // tables lack is added with its public rows; nothing an editor wrote is touched.
      const have = db.prepare("SELECT 1 FROM content_items WHERE kind = ? AND id = ?");
      const added = records.filter((rec) => rec.kind === "page" && !have.get(rec.kind, rec.id));
      const ids = new Set(added.map((rec) => rec.id));
      for (const row of rows) if (row.kind === "page" && ids.has(row.id)) insertRow.run(row);
      writeRecords(db, added, rows, new Date(clock()).toISOString());
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('seed_hash', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(hash);
  })();
}

/**
 * Seeded items are published as they are. Their first version (action "seed", no author) is
 * written when an editor first changes them (records.keepSeedVersion): a start stays cheap.
 */
function writeRecords(db: Db, records: SeedRecord[], rows: Row[], at: string) {
  const publicUri = new Map(rows.map((r) => [`${r.kind}:${r.id}:${r.lang}`, r.uri]));
  const insertItem = db.prepare(
    "INSERT INTO content_items (kind, id, parent_id, sort, fields, published_fields, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertText = db.prepare(
    "INSERT INTO content_texts (kind, id, lang, fields, uri, published, published_fields, public_uri) VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
  );
  for (const rec of records) {
    const shared = JSON.stringify(rec.shared);
    const { parentId, sort } = placement(rec.kind, rec.shared);
    insertItem.run(rec.kind, rec.id, parentId, sort, shared, shared, at, at);
    for (const [lang, fields] of Object.entries(rec.texts) as [Lang, Values][]) {
      const json = JSON.stringify(fields);
      const uri = typeof fields.uri === "string" ? fields.uri : null;
      insertText.run(rec.kind, rec.id, lang, json, uri, json, uri && (publicUri.get(`${PUBLIC_KIND[rec.kind]}:${rec.id}:${lang}`) ?? null));
    }
  }
}
