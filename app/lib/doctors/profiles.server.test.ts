import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { doctorEntries, doctorLanguagePaths, DoctorTextSchema, listDoctorPaths } from "./profiles.server";

const LANGS = ["en", "tr", "ru", "fr", "ar"] as const;
const read = (lang: string) =>
  Object.fromEntries(
    (JSON.parse(readFileSync(new URL(`../../../backend/seed/content/${lang}/doctors.json`, import.meta.url), "utf8")) as Record<string, unknown>[]).map(
      ({ key, uri: _uri, ...text }) => [key as string, text],
    ),
  );
const files = Object.fromEntries(LANGS.map((lang) => [lang, read(lang)]));
const slugs = doctorEntries.map((d) => d.slug);

// Names keep their Latin spelling in tr and fr, and are transliterated in ru and ar; a title such as
// "Prof. Dr." may read the same in tr. Everything else is written for each language.
const TRANSLATED = ["specialty", "focus", "summary", "bio", "education", "certifications", "memberships"] as const;
const SCRIPT = { ru: /^[\u0400-\u04FF\s.-]+$/, ar: /^[\u0600-\u06FF\s.-]+$/ } as const;

describe("doctors content", () => {
  test("has 12 doctors with unique slugs", () => {
    expect(slugs).toHaveLength(12);
    expect(new Set(slugs).size).toBe(12);
  });

  test.each(LANGS)("%s has every doctor, with every field filled in, and no others", (lang) => {
    expect(Object.keys(files[lang]).sort()).toEqual([...slugs].sort());
    for (const slug of slugs) {
      const parsed = DoctorTextSchema.safeParse(files[lang][slug]);
      expect(parsed.success, `${lang}/${slug}: ${parsed.error?.message}`).toBe(true);
    }
  });

  test.each(LANGS.filter((l) => l !== "en"))("%s is written in its language, not copied from en", (lang) => {
    const copies: string[] = [];
    for (const slug of slugs) {
      const en = DoctorTextSchema.parse(files.en[slug]);
      const other = DoctorTextSchema.parse(files[lang][slug]);
      for (const field of TRANSLATED) {
        const [a, b] = [[en[field]].flat(), [other[field]].flat()];
        expect(b, `${lang}/${slug}.${field} has as many entries as en`).toHaveLength(a.length);
        a.forEach((value, i) => value === b[i] && copies.push(`${slug}.${field}[${i}]`));
      }
      if (lang === "ru" || lang === "ar") {
        expect(other.name, `${lang}/${slug}.name is transliterated`).toMatch(SCRIPT[lang]);
      } else {
        expect(other.name, `${lang}/${slug}.name keeps its spelling`).toBe(en.name);
      }
    }
    expect(copies, `values equal to en in ${lang}`).toEqual([]);
  });

  test.each(LANGS)("%s gives every doctor a different summary (the meta description)", (lang) => {
    const summaries = slugs.map((slug) => DoctorTextSchema.parse(files[lang][slug]).summary);
    expect(new Set(summaries).size).toBe(slugs.length);
  });

  test("lists a detail path for every doctor in every language with a doctors page", () => {
    const paths = listDoctorPaths();
    expect(paths).toHaveLength(12 * 4);
    expect(new Set(paths.map((p) => p.path)).size).toBe(paths.length);
    expect(paths.filter((p) => p.lang === "tr")).toEqual([]);
    expect(paths).toContainEqual({ slug: "zeynep-koc", lang: "fr", path: "/fr/chirurgiens/zeynep-koc" });
    expect(doctorLanguagePaths("cem-arslan")).toEqual({
      en: "/en/doctors/cem-arslan",
      ru: "/ru/doctors-ru/cem-arslan",
      fr: "/fr/chirurgiens/cem-arslan",
      ar: "/ar/الأطباء/cem-arslan",
    });
  });
});
