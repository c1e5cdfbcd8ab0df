import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

/*
 * Treatment names are written in sentence case in every language (Arabic has no case): the first
 * word's capital, then lower case but for names (Hollywood) and abbreviations written in capitals
 * (FUE, LASIK, IVF, ЭКО), also after a colon. The English seed mixed "Hair transplantation" with
 * "Total Knee Replacement"; menus, cards and the offer form's list showed both side by side.
 */
const CASED = ["en", "tr", "ru", "fr"] as const;
const NAMES = new Set(["Hollywood", "All-on-4", "All-on-6"]);
const seedDir = new URL("seed/content/", import.meta.url);

/** Every treatment and sub-treatment title of a language's seed. */
function treatmentTitles(lang: string): string[] {
  const titles: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const { title } = node as { title?: unknown };
      if (typeof title === "string") titles.push(title);
      Object.values(node).forEach(walk);
    }
  };
  for (const file of readdirSync(new URL(`${lang}/`, seedDir)).filter((f) => /^treatments(-\d+)?\.json$/.test(f))) {
    walk(JSON.parse(readFileSync(new URL(`${lang}/${file}`, seedDir), "utf8")));
  }
  return titles;
}

/** The words of a title that break sentence case. */
function offCase(title: string): string[] {
  const words = title.split(/\s+/).map((w) => w.replace(/^[("«]+|[)":,»]+$/g, ""));
  const problems = /^\p{Lu}|^\d/u.test(words[0]) ? [] : [words[0]];
  for (const word of words.slice(1)) {
    const letters = word.replace(/[^\p{L}]/gu, "");
    const abbreviation = letters.length > 1 && letters === letters.toLocaleUpperCase();
    if (!abbreviation && !NAMES.has(word) && /^\p{Lu}/u.test(word)) problems.push(word);
  }
  return problems;
}

describe("treatment names in the seed", () => {
  for (const lang of CASED) {
    test(`${lang}: every title is in sentence case`, () => {
      const titles = treatmentTitles(lang);
      expect(titles.length).toBeGreaterThan(30);
      expect(titles.filter((t) => offCase(t).length).map((t) => `${t} (${offCase(t).join(", ")})`)).toEqual([]);
    });
  }

  test("the rule is checked: a Title Case name fails it, abbreviations and names do not", () => {
    expect(offCase("Total Knee Replacement")).toEqual(["Knee", "Replacement"]);
    expect(offCase("hair transplant")).toEqual(["hair"]);
    expect(offCase("LASIK and SMILE laser vision correction")).toEqual([]);
    expect(offCase("Hollywood smile")).toEqual([]);
    expect(offCase("Протоколы All-on-4 и All-on-6")).toEqual([]);
  });
});
