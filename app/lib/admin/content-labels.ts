import type { Option } from "~/lib/admin/content-editor-data";
import type { StaffLanguage } from "~/lib/platform/api/admin-contract";
import { CONTENT_REGISTRY, type ContentItem, type ContentKind, type ContentSummary, type FieldSpec } from "~/lib/platform/api/content-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import { staffDateTime } from "~/lib/admin/staff-time";

/** A list row's name for a staff member: in their language where the item has it, else the first one it has. */
export const summaryLabel = (item: ContentSummary, staffLang: StaffLanguage) => item.labels[staffLang] || item.label;

/** The item's name in titles: in the staff member's language where it has one, else in the first language that has one. */
export function itemLabel(kind: ContentKind, item: Pick<ContentItem, "texts">, staffLang: StaffLanguage): string {
  const field = CONTENT_REGISTRY[kind].label;
  const value = [staffLang, ...LANGUAGE_CODES].map((lang) => item.texts[lang].fields[field]).find((v) => typeof v === "string" && v.trim());
  return typeof value === "string" ? value : "";
}

/** The select fields' choices as names by value, for pages that show a value read-only (a reference by its item's name). */
export const optionLabels = (options: Record<string, Option[]>): Record<string, Record<string, string>> =>
  Object.fromEntries(Object.entries(options).map(([name, list]) => [name, Object.fromEntries(list.map((o) => [o.value, o.label]))]));

/** A list of references read as its items' names, one a line (`#id` for one the reader has no name for); null for any other value. */
export const referenceNames = (spec: FieldSpec, names: Record<string, string> | undefined, value: unknown) =>
  spec.input === "references" && Array.isArray(value) ? value.map((id) => names?.[String(id)] ?? `#${String(id)}`).join("\n") : null;

/** The choices of two readings, by field: the first's, then those only the second has (a reference posted while the API was down). */
export function mergeOptions(first: Record<string, Option[]>, second: Record<string, Option[]> | undefined): Record<string, Option[]> {
  if (!second) return first;
  const merged = { ...first };
  for (const [name, list] of Object.entries(second)) {
    const known = new Set((merged[name] ?? []).map((o) => o.value));
    merged[name] = [...(merged[name] ?? []), ...list.filter((o) => !known.has(o.value))];
  }
  return merged;
}

/** The kind's times as a staff member reads them (their language, the clinic's clock), by value: labels for a read-only view, never an ISO string. */
export function timeLabels(kind: ContentKind, shared: Record<string, unknown>, lang: string): Record<string, Record<string, string>> {
  const labels: Record<string, Record<string, string>> = {};
  for (const [name, spec] of Object.entries(CONTENT_REGISTRY[kind].shared)) {
    const value = shared[name];
    if (spec.input === "datetime" && typeof value === "string" && !Number.isNaN(Date.parse(value))) labels[name] = { [value]: staffDateTime(lang, value) };
  }
  return labels;
}
