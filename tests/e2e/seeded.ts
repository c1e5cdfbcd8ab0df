// What the embedded backend serves, read through the backend's own seeding code, so the tests
// know each item's id, uri and text in every language without a second copy of the rules.
import { buildRows } from "../../backend/seed";
import { pathOf, type Lang } from "./fixtures";

interface SeededItem {
  id: number;
  uri: string;
  title: string;
  summary: string;
  highlighted: boolean;
  categoryId: number | null;
  parentId: number | null;
  publishedAt?: string;
  author?: string;
  linkLabel?: string;
  linkPage?: string;
}

const rows = buildRows();

/** Items of a kind in a language, in the order the API lists them. */
export function seeded(kind: "treatment" | "subTreatment" | "blog" | "specialDeal" | "slider", lang: Lang): SeededItem[] {
  return rows
    .filter((r) => r.kind === kind && r.lang === lang)
    .sort((a, b) => a.sort - b.sort)
    .map((r) => ({
      id: r.id,
      uri: r.uri,
      highlighted: r.highlighted === 1,
      categoryId: r.category_id,
      parentId: r.parent_id,
      ...JSON.parse(r.doc),
    }));
}

export const BLOG = 1;
export const TESTIMONIALS = 3;

export const treatmentPath = (lang: Lang, t: { uri: string; id: number }) => `${pathOf("treatments", lang)}/${t.uri}/${t.id}`;

export function subTreatmentPath(lang: Lang, sub: SeededItem) {
  const parent = seeded("treatment", lang).find((t) => t.id === sub.parentId)!;
  return `${treatmentPath(lang, parent)}/${sub.uri}/${sub.id}`;
}
