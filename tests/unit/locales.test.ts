import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import table from "~/route-table.json";

const LANGS = ["tr", "ru", "fr", "ar"] as const;
// Brand names, numbers, languages named in their own words and strings that are only placeholders
// and punctuation ("{{label}}: {{message}}") read the same in every language.
const SAME_IN_EVERY_LANGUAGE = new Set<string>(["English", "Türkçe"]);
const isLanguageNeutral = (value: string) => /^[\d\s.,:+\-–/%()]*$/.test(value.replace(/\{\{\s*\w+\s*\}\}/g, "")) || SAME_IN_EVERY_LANGUAGE.has(value);

const read = (lang: string, ns: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), "utf8"));

function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${prefix}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

/** The text pages' seeded words (backend/seed/content/{lang}/pages.json, ADR 061). */
const seedPages = (lang: string): { page: string; title: string; metaDescription: string; lead: string; body: string }[] =>
  JSON.parse(readFileSync(new URL(`../../backend/seed/content/${lang}/pages.json`, import.meta.url), "utf8"));

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const namespaces = readdirSync(new URL("../../locales/en", import.meta.url)).map((f) => f.replace(/\.json$/, ""));
/** The back office's namespace: staff read English or Turkish (issue #14), so only tr must match en. */
const STAFF_NAMESPACES = new Set(["admin"]);

describe.each(namespaces)("namespace %s", (ns) => {
  const en = new Map(leaves(read("en", ns)));

  test.each(STAFF_NAMESPACES.has(ns) ? (["tr"] as const) : LANGS)("%s has every en key, translated, with the same placeholders", (lang) => {
    const other = new Map(leaves(read(lang, ns)));
    const missing = [...en.keys()].filter((k) => !other.has(k));
    expect(missing, `keys missing in ${lang}/${ns}`).toEqual([]);
    const untranslated = [...en].filter(([k, v]) => other.get(k) === v && !isLanguageNeutral(v)).map(([k]) => k);
    expect(untranslated, `values equal to en in ${lang}/${ns}`).toEqual([]);
    const badPlaceholders = [...en].filter(([k, v]) => placeholders(v).join() !== placeholders(other.get(k) ?? "").join());
    expect(
      badPlaceholders.map(([k]) => k),
      `placeholders differ in ${lang}/${ns}`,
    ).toEqual([]);
  });
});

describe("route table and locales", () => {
  test.each(["en", ...LANGS])("%s has a title and page text for every page it serves", (lang) => {
    const common = read(lang, "common");
    const pages = read(lang, "pages");
    const served = table.pages.filter((p) => (p.slugs as Record<string, string>)[lang] !== undefined);
    expect(served.filter((p) => typeof common.titles?.[p.name] !== "string").map((p) => p.name)).toEqual([]);
    // A text page's words are content (ADR 061), seeded in the backend; every other page's are here.
    const seeded = new Set(seedPages(lang).map((p) => p.page));
    expect(served.filter((p) => p.module !== "text-page" && !pages[p.name]?.sections?.length).map((p) => p.name)).toEqual([]);
    expect(served.filter((p) => p.module === "text-page" && !seeded.has(p.name)).map((p) => p.name)).toEqual([]);
    expect(Object.keys(pages).filter((name) => served.some((p) => p.name === name && p.module === "text-page"))).toEqual([]);
  });
});

describe("French typography", () => {
  // French sets a space before ":", ";", "?" and "!" (issue #38); a no-break one (U+00A0 or the narrow
  // U+202F), so that a line never starts with the sign. "://" of an address is not punctuation.
  test.each(namespaces.filter((ns) => !STAFF_NAMESPACES.has(ns)))("fr/%s puts a no-break space before every : ; ? !", (ns) => {
    const bad = leaves(read("fr", ns)).filter(([, v]) => /(^|[^\u00a0\u202f])[:;?!](?!\/\/)/.test(v));
    expect(bad, "fr strings without a no-break space before : ; ? !").toEqual([]);
  });
  test("the French text pages' seeded words do too (ADR 061)", () => {
    const words = seedPages("fr").flatMap((p) => [p.title, p.metaDescription, p.lead, p.body.replace(/<[^>]*>/g, " ")]);
    expect(words.filter((v) => /(^|[^\u00a0\u202f])[:;?!](?!\/\/)/.test(v))).toEqual([]);
  });
});
