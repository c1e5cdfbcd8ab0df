import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { DoctorSchema } from "../app/lib/platform/api/contract";

// The seeded doctors' text, checked as written content (the seed itself checks the shapes). Moved
// here from the site when the doctors moved into the API.
const LANGS = ["en", "tr", "ru", "fr", "ar"] as const;
const read = (file: string) => JSON.parse(readFileSync(new URL(`seed/content/${file}`, import.meta.url), "utf8"));
const keys: string[] = read("doctors.json").doctors.map((d: { key: string }) => d.key);
const TextSchema = DoctorSchema.pick({
  name: true,
  title: true,
  specialty: true,
  focus: true,
  summary: true,
  bio: true,
  education: true,
  certifications: true,
  memberships: true,
}).extend({
  key: DoctorSchema.shape.uri,
  uri: DoctorSchema.shape.uri,
});
type Text = Record<string, string | string[]>;
const texts = Object.fromEntries(LANGS.map((lang) => [lang, Object.fromEntries((read(`${lang}/doctors.json`) as Text[]).map((d) => [d.key, d]))])) as Record<
  (typeof LANGS)[number],
  Record<string, Text>
>;

// Names keep their Latin spelling in tr and fr, and are transliterated in ru and ar; a title such as
// "Prof. Dr." may read the same in tr. Everything else is written for each language.
const TRANSLATED = ["specialty", "focus", "summary", "bio", "education", "certifications", "memberships"] as const;
const SCRIPT = { ru: /^[\u0400-\u04FF\s.-]+$/, ar: /^[\u0600-\u06FF\s.-]+$/ } as const;

describe("the seeded doctors", () => {
  test("are 12 with unique keys", () => {
    expect(new Set(keys).size).toBe(12);
  });

  test.each(LANGS)("%s has every doctor, with every field filled in, and no others", (lang) => {
    expect(Object.keys(texts[lang]).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const parsed = TextSchema.strict().safeParse(texts[lang][key]);
      expect(parsed.success, `${lang}/${key}: ${parsed.error?.message}`).toBe(true);
      for (const list of ["education", "certifications", "memberships"]) expect(texts[lang][key][list].length, `${lang}/${key}.${list}`).toBeGreaterThan(0);
      expect((texts[lang][key].summary as string).length, `${lang}/${key}.summary is one sentence`).toBeLessThanOrEqual(170);
    }
  });

  test.each(LANGS.filter((l) => l !== "en"))("%s is written in its language, not copied from en", (lang) => {
    const copies: string[] = [];
    for (const key of keys) {
      const [en, other] = [texts.en[key], texts[lang][key]];
      for (const field of TRANSLATED) {
        const [a, b] = [[en[field]].flat(), [other[field]].flat()];
        expect(b, `${lang}/${key}.${field} has as many entries as en`).toHaveLength(a.length);
        a.forEach((value, i) => value === b[i] && copies.push(`${key}.${field}[${i}]`));
      }
      if (lang === "ru" || lang === "ar") expect(other.name, `${lang}/${key}.name is transliterated`).toMatch(SCRIPT[lang]);
      else expect(other.name, `${lang}/${key}.name keeps its spelling`).toBe(en.name);
    }
    expect(copies, `values equal to en in ${lang}`).toEqual([]);
  });

  test.each(LANGS)("%s gives every doctor a different summary (the meta description)", (lang) => {
    expect(new Set(keys.map((key) => texts[lang][key].summary)).size).toBe(keys.length);
  });
});
