// What the embedded backend serves, read through the backend's own seeding code, so the tests know
// each item's id, uri, text and page in every language without a second copy of the rules.
import { buildRows } from "../../backend/seed";
import { CATEGORY } from "../../app/lib/platform/api/contract";
import table from "../../app/route-table.json" with { type: "json" };
import { PAGES, pathOf, type Lang } from "./fixtures";

export interface SeededItem {
  id: number;
  uri: string;
  title: string;
  summary: string;
  /** The rich text as the API sends it, before the site sanitizes it. */
  body?: string;
  highlighted: boolean;
  parentId: number | null;
  /** The detail page's path in this language (raw Unicode), or null where there is none. */
  path: string | null;
  publishedAt?: string;
  author?: string;
  priceFrom?: { amount: number; currency: string };
  validUntil?: string;
  includes?: string[];
  linkLabel?: string;
  linkPage?: string;
}

/** Testimonials are blog items of their own category in the API; here they are a kind of their own. */
type Kind = "treatment" | "subTreatment" | "blog" | "testimonial" | "specialDeal" | "slider" | "about-life";

const rows = buildRows();

/** The list page's own path in a language (not the page it stands for there), or null. */
export function listPath(page: "blog" | "testimonials" | "special-deals", lang: Lang): string | null {
  const slug = PAGES.find((p) => p.name === page)!.slugs[lang];
  return slug === undefined ? null : `/${lang}/${slug}`;
}

/**
 * "About life" (ADR 063): its list exists in a language only with an article there, so it is not
 * among PAGES; null where the seed has none.
 */
export function aboutLifePath(lang: Lang): string | null {
  const slug = (table.pages.find((p) => p.name === "about-life")!.slugs as Partial<Record<Lang, string>>)[lang];
  return slug !== undefined && rows.some((r) => r.kind === "about-life" && r.lang === lang) ? `/${lang}/${slug}` : null;
}

export const treatmentPath = (lang: Lang, t: { uri: string; id: number }) => `${pathOf("treatments", lang)}/${t.uri}/${t.id}`;

export function subTreatmentPath(lang: Lang, sub: { uri: string; id: number; parentId: number | null }) {
  const parent = seeded("treatment", lang).find((t) => t.id === sub.parentId)!;
  return `${treatmentPath(lang, parent)}/${sub.uri}/${sub.id}`;
}

function detailPath(kind: Kind, lang: Lang, item: { uri: string; id: number; parentId: number | null }): string | null {
  const under = (list: string | null) => list && `${list}/${item.uri}/${item.id}`;
  if (kind === "treatment") return treatmentPath(lang, item);
  if (kind === "subTreatment") return subTreatmentPath(lang, item);
  if (kind === "blog") return under(listPath("blog", lang));
  if (kind === "specialDeal") return under(listPath("special-deals", lang));
  if (kind === "about-life") return under(aboutLifePath(lang));
  return null;
}

/** Items of a kind in a language, in the order the API lists them (blog and testimonials newest first). */
export function seeded(kind: Kind, lang: Lang): SeededItem[] {
  const category = kind === "blog" ? CATEGORY.blog : kind === "testimonial" ? CATEGORY.testimonials : null;
  return rows
    .filter((r) => r.lang === lang && (category === null ? r.kind === kind : r.kind === "blog" && r.category_id === category))
    .sort((a, b) => a.sort - b.sort)
    .map((r) => {
      const item = { id: r.id, uri: r.uri, highlighted: r.highlighted === 1, parentId: r.parent_id, ...JSON.parse(r.doc) };
      return { ...item, path: detailPath(kind, lang, item) };
    });
}

export const seededItem = (kind: Kind, lang: Lang, id: number) => seeded(kind, lang).find((item) => item.id === id)!;

/** The seeded post whose body carries a <script> and an <img onerror> for the sanitizer test. */
export const PROBE_POST_ID = 201;
export const PROBE = "remed-xss-probe";
