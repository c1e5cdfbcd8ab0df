/**
 * Search folding, for pick lists and the back office's lead search (backend/admin/lead-search.ts):
 * "turkiye" finds "Türkiye", "istanbul" finds "İstanbul", "sao" finds "São Paulo", "ольга" finds
 * "ОЛЬГА", "محمد" finds "مُحَمَّد" and "احمد" finds "أحمد". Marks are dropped after canonical
 * decomposition (accents, Arabic harakat and the hamza over or under an alef, waw or ya); Turkish
 * dotless ı, French œ and æ (typed oe and ae), the Arabic tatweel (a stretch, not a letter), alef
 * wasla, alef maksura and ta marbuta (written for ya and ha as often as not) and the bidi isolates
 * used to show dial codes inside Arabic text are folded too.
 */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}|[\u2066-\u2069\u200e\u200f\u0640]/gu, "")
    .toLowerCase()
    .replace(/ı/g, "i")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ٱ/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/\s+/g, " ")
    .trim();
}

/** label: the name; text: what the input shows once it is chosen, when that differs (dial codes). */
export type Searchable = { label: string; text?: string; dialCode?: string };

/**
 * The items matching a typed term, best first: the name itself, names that start with it, then
 * names with a word that starts with it, then names that contain it. Digits (with or without "+") match dial codes,
 * the exact code first: "44" finds the United Kingdom, then Jersey and the other +44 places.
 */
export function search<T extends Searchable>(items: readonly T[], term: string): T[] {
  const query = fold(term);
  if (!query) return [...items];
  const digits = /^\+?\d+$/.test(query) ? query.replace("+", "") : null;
  const ranked: T[][] = [[], [], [], [], []];
  for (const item of items) {
    const name = fold(item.label);
    const code = item.dialCode?.slice(1);
    if ((digits && code === digits) || name === query) ranked[0].push(item);
    else if (name.startsWith(query)) ranked[1].push(item);
    else if (name.includes(` ${query}`) || name.includes(`-${query}`)) ranked[2].push(item);
    else if (name.includes(query)) ranked[3].push(item);
    else if (digits && code?.startsWith(digits)) ranked[4].push(item);
  }
  return ranked.flat();
}

/** The item whose name (or shown text) is exactly the typed text, folded. */
export function exactMatch<T extends Searchable>(items: readonly T[], text: string): T | undefined {
  const query = fold(text);
  return query ? items.find((item) => fold(item.label) === query || (item.text !== undefined && fold(item.text) === query)) : undefined;
}
