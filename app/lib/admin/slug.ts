import { URI_MAX, URI_PATTERN } from "~/lib/platform/api/content-contract";
import type { Lang } from "~/lib/site/route-table";

/*
 * The uri an editor is offered for a title, by the rules each language's seeded content follows:
 * English and French in plain Latin letters (French accents dropped, "d’un" → "d-un"), Turkish with
 * its letters spelled in Latin (ş → s, ı → i), Arabic in Arabic letters without the short-vowel marks,
 * Russian as the English page's uri with "-ru" (as every seeded Russian page is), or spelled in Latin
 * when there is no English uri yet. Always lower case, words joined by hyphens (URI_PATTERN).
 */

const TURKISH: Record<string, string> = { ç: "c", ğ: "g", ı: "i", ö: "o", ş: "s", ü: "u" };
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};
const LIGATURES: Record<string, string> = { œ: "oe", æ: "ae", ß: "ss" };
/** What an Arabic uri leaves out: the short vowels and other marks (tashkeel), the dagger alef, the tatweel. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
/** Combining accents, once a letter is decomposed (é → e + ´). */
const ACCENTS = /\p{M}/gu;

const spell = (text: string, table: Record<string, string>) => [...text].map((c) => table[c] ?? c).join("");
const latin = (text: string) => spell(text, LIGATURES).normalize("NFD").replace(ACCENTS, "");

/** Words joined by single hyphens, cut at a word's end to fit the uri's length. */
function hyphenate(text: string): string {
  const words = text.split(/[^\p{Ll}\p{Lo}\p{Nd}]+/u).filter(Boolean);
  let uri = "";
  for (const word of words) {
    const next = uri ? `${uri}-${word}` : word;
    if (next.length > URI_MAX) break;
    uri = next;
  }
  return uri;
}

/** The uri proposed for `title` in `lang`; "" when the title has no letter or digit to make one of. `enUri`: the English text's uri (Russian follows it). */
export function slugFor(lang: Lang, title: string, { enUri = "" }: { enUri?: string } = {}): string {
  const lower = title.toLocaleLowerCase(lang);
  let uri: string;
  switch (lang) {
    case "tr":
      uri = hyphenate(latin(spell(lower, TURKISH)));
      break;
    case "ar":
      uri = hyphenate(lower.replace(ARABIC_MARKS, "").normalize("NFC"));
      break;
    case "ru": {
      const base = URI_PATTERN.test(enUri) ? enUri.replace(/-ru$/, "") : hyphenate(latin(spell(lower, CYRILLIC)));
      uri = base ? hyphenate(`${base}-ru`) : "";
      break;
    }
    default:
      uri = hyphenate(latin(lower));
  }
  return URI_PATTERN.test(uri) ? uri : "";
}
