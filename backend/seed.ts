import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { CATEGORY, LANGUAGE_CODES } from "../app/lib/api/contract";
import type { Db } from "./db";

export const seedDir = () => resolve(process.env.SEED_DIR ?? "backend/seed/content");

const Html = z.string().min(1);
const Base = { key: z.string(), uri: z.string().min(1), title: z.string(), summary: z.string(), body: Html, imageAlt: z.string() };
const SeedSchemas = {
  treatments: z.array(
    z.object({ ...Base, isHighlighted: z.boolean(), subTreatments: z.array(z.object(Base)).min(2) }),
  ),
  blog: z.array(z.object({ ...Base, publishedAt: z.string(), author: z.string(), category: z.string() })),
  testimonials: z.array(z.object({ ...Base, publishedAt: z.string(), author: z.string(), treatmentKey: z.string() })),
  "special-deals": z.array(
    z.object({
      ...Base,
      priceFrom: z.object({ amount: z.number(), currency: z.string() }),
      validUntil: z.string(),
      includes: z.array(z.string()),
      treatmentKey: z.string(),
    }),
  ),
  sliders: z.array(
    z.object({ key: z.string(), title: z.string(), subtitle: z.string(), imageAlt: z.string(), linkLabel: z.string(), linkPage: z.string() }),
  ),
  "institution-types": z.array(z.object({ key: z.string(), name: z.string() })),
};
type SeedName = keyof typeof SeedSchemas;
type Seed = { [K in SeedName]: z.infer<(typeof SeedSchemas)[K]> };

/** A language's seed; treatments may be split over several files (treatments-1.json, ...). */
function readLanguage(dir: string, lang: string): Seed {
  const files = readdirSync(join(dir, lang)).filter((f) => f.endsWith(".json")).sort();
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
const ID_BASE = { treatment: 1, subTreatment: 101, blog: 201, testimonial: 301, specialDeal: 401, slider: 501, institutionType: 601 };

export const artworkUrl = (kind: string, key: string) => `/media/${kind}/${key}.svg`;
export const ARTWORK_SIZE = { width: 1200, height: 800 };
export const SLIDER_SIZE = { width: 1600, height: 900 };

/** Seeds may carry plain dates; the contract speaks ISO date-times. */
const toIso = (date: string) => new Date(date).toISOString();

interface Row {
  kind: string;
  id: number;
  lang: string;
  uri: string;
  sort: number;
  category_id: number | null;
  highlighted: number;
  parent_id: number | null;
  doc: string;
}

export function buildRows(dir = seedDir()): Row[] {
  const seeds = Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, readLanguage(dir, lang)])) as Record<string, Seed>;
  const en = seeds.en;
  const rows: Row[] = [];
  const ids = new Map<string, number>();
  const idOf = (kind: keyof typeof ID_BASE, key: string, index: number) => {
    const id = ID_BASE[kind] + index;
    ids.set(`${kind}:${key}`, id);
    return id;
  };
  en.treatments.forEach((t, i) => idOf("treatment", t.key, i));
  en.treatments.flatMap((t) => t.subTreatments).forEach((s, i) => idOf("subTreatment", s.key, i));
  en.blog.forEach((b, i) => idOf("blog", b.key, i));
  en.testimonials.forEach((b, i) => idOf("testimonial", b.key, i));
  en["special-deals"].forEach((d, i) => idOf("specialDeal", d.key, i));
  en.sliders.forEach((s, i) => idOf("slider", s.key, i));
  en["institution-types"].forEach((s, i) => idOf("institutionType", s.key, i));

  const require = (kind: keyof typeof ID_BASE, key: string, lang: string) => {
    const id = ids.get(`${kind}:${key}`);
    if (!id) throw new Error(`Seed ${lang}: ${kind} "${key}" is not in the en seed`);
    return id;
  };
  const image = (kind: string, key: string, alt: string, size = ARTWORK_SIZE) => ({ url: artworkUrl(kind, key), ...size, alt });

  for (const lang of LANGUAGE_CODES) {
    const seed = seeds[lang];
    if (seed.treatments.length !== en.treatments.length) throw new Error(`Seed ${lang}: treatments differ from en`);
    seed.treatments.forEach((t, sort) => {
      const id = require("treatment", t.key, lang);
      rows.push({
        kind: "treatment", id, lang, uri: t.uri, sort, category_id: CATEGORY.treatments, highlighted: t.isHighlighted ? 1 : 0, parent_id: null,
        doc: JSON.stringify({ title: t.title, summary: t.summary, body: t.body, image: image("treatments", t.key, t.imageAlt) }),
      });
      t.subTreatments.forEach((s, subSort) => {
        rows.push({
          kind: "subTreatment", id: require("subTreatment", s.key, lang), lang, uri: s.uri, sort: sort * 100 + subSort, category_id: null, highlighted: 0, parent_id: id,
          doc: JSON.stringify({ title: s.title, summary: s.summary, body: s.body, image: image("treatments", s.key, s.imageAlt) }),
        });
      });
    });
    // Newest first, as a blog reads.
    const byDate = <T extends { publishedAt: string }>(list: T[]) => [...list].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    byDate(seed.blog).forEach((b, sort) => {
      rows.push({
        kind: "blog", id: require("blog", b.key, lang), lang, uri: b.uri, sort, category_id: CATEGORY.blog, highlighted: 0, parent_id: null,
        doc: JSON.stringify({ title: b.title, summary: b.summary, body: b.body, image: image("blog", b.key, b.imageAlt), publishedAt: toIso(b.publishedAt), author: b.author, category: b.category }),
      });
    });
    // A testimonial's category names the treatment the patient had, in the page's language.
    const treatmentTitle = (key: string) => {
      const treatment = seed.treatments.find((t) => t.key === key);
      if (!treatment) throw new Error(`Seed ${lang}: testimonial treatment "${key}" is not a treatment`);
      return treatment.title;
    };
    byDate(seed.testimonials).forEach((b, sort) => {
      rows.push({
        kind: "blog", id: require("testimonial", b.key, lang), lang, uri: b.uri, sort, category_id: CATEGORY.testimonials, highlighted: 0, parent_id: null,
        doc: JSON.stringify({ title: b.title, summary: b.summary, body: b.body, image: image("testimonials", b.key, b.imageAlt), publishedAt: toIso(b.publishedAt), author: b.author, category: treatmentTitle(b.treatmentKey) }),
      });
    });
    seed["special-deals"].forEach((d, sort) => {
      rows.push({
        kind: "specialDeal", id: require("specialDeal", d.key, lang), lang, uri: d.uri, sort, category_id: null, highlighted: 0, parent_id: null,
        doc: JSON.stringify({ title: d.title, summary: d.summary, body: d.body, image: image("deals", d.key, d.imageAlt), priceFrom: d.priceFrom, validUntil: d.validUntil, includes: d.includes }),
      });
    });
    seed.sliders.forEach((s, sort) => {
      rows.push({
        kind: "slider", id: require("slider", s.key, lang), lang, uri: s.key, sort, category_id: null, highlighted: 0, parent_id: null,
        doc: JSON.stringify({ title: s.title, subtitle: s.subtitle, image: image("sliders", s.key, s.imageAlt, SLIDER_SIZE), linkLabel: s.linkLabel, linkPage: s.linkPage }),
      });
    });
    seed["institution-types"].forEach((s, sort) => {
      rows.push({
        kind: "institutionType", id: require("institutionType", s.key, lang), lang, uri: s.key, sort, category_id: null, highlighted: 0, parent_id: null,
        doc: JSON.stringify({ name: s.name }),
      });
    });
  }
  return rows;
}

/** Loads the seed when it changed since the last start; leads and uploads are never touched. */
export function seed(db: Db, dir = seedDir()) {
  const rows = buildRows(dir);
  const hash = createHash("sha256").update(JSON.stringify(rows)).digest("hex");
  const current = db.prepare("SELECT value FROM meta WHERE key = 'seed_hash'").pluck().get();
  if (current === hash) return;
  const insert = db.prepare(
    "INSERT INTO items (kind, id, lang, uri, sort, category_id, highlighted, parent_id, doc) VALUES (@kind, @id, @lang, @uri, @sort, @category_id, @highlighted, @parent_id, @doc)",
  );
  db.transaction(() => {
    db.exec("DELETE FROM items");
    for (const row of rows) insert.run(row);
    db.prepare("INSERT INTO meta (key, value) VALUES ('seed_hash', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(hash);
  })();
}
