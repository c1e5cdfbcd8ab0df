import { readFileSync } from "node:fs";
import { PAGES, type Lang } from "./fixtures";

/**
 * What the embedded backend serves, read from its seed files, so tests know which posts and deals
 * to expect. Ids follow the en seed's order (backend/seed.ts); blog lists are newest first.
 */
interface SeedItem {
  key: string;
  uri: string;
  title: string;
  summary: string;
  publishedAt?: string;
  author?: string;
  priceFrom?: { amount: number; currency: string };
  validUntil?: string;
  includes?: string[];
}

const ID_BASE = { blog: 201, testimonials: 301, "special-deals": 401 } as const;
type Kind = keyof typeof ID_BASE;

function read(lang: Lang, kind: Kind): SeedItem[] {
  return JSON.parse(readFileSync(new URL(`../../backend/seed/content/${lang}/${kind}.json`, import.meta.url), "utf8"));
}

export interface SeededItem extends SeedItem {
  id: number;
  /** The detail page's path in this language (raw Unicode), or null where the list page has none. */
  path: string | null;
}

/** The list page's own path in a language (not the page it stands for there), or null. */
export function listPath(kind: Kind, lang: Lang): string | null {
  const slug = PAGES.find((p) => p.name === kind)!.slugs[lang];
  return slug === undefined ? null : `/${lang}/${slug}`;
}

export function seeded(lang: Lang, kind: Kind): SeededItem[] {
  const ids = new Map(read("en", kind).map((item, i) => [item.key, ID_BASE[kind] + i]));
  const base = kind === "testimonials" ? null : listPath(kind, lang);
  const items = read(lang, kind).map((item) => {
    const id = ids.get(item.key)!;
    return { ...item, id, path: base && `${base}/${item.uri}/${id}` };
  });
  return kind === "special-deals" ? items : items.sort((a, b) => b.publishedAt!.localeCompare(a.publishedAt!));
}

export const seededItem = (lang: Lang, kind: Kind, id: number) => seeded(lang, kind).find((item) => item.id === id)!;

/** The seeded post whose body carries a <script> and an <img onerror> for the sanitizer test. */
export const PROBE_POST_ID = 201;
export const PROBE = "remed-xss-probe";
