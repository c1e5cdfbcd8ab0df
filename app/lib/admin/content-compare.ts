import { kindLanguages } from "~/lib/admin/content-kinds";
import { CONTENT_REGISTRY, type ContentKind, type ContentSnapshot, type FieldSpec, type Lang } from "~/lib/platform/api/content-contract";

/** One field that differs between two versions, as text a person reads (labels, times and yes/no already in the reader's words). */
export interface FieldChange {
  name: string;
  before: string;
  after: string;
  /** Bodies and long texts: shown one above the other rather than side by side. */
  long: boolean;
}

export interface VersionChanges {
  shared: FieldChange[];
  /** Per language the kind is offered in; a language with no change has an empty list. */
  texts: { lang: Lang; fields: FieldChange[]; published: [boolean, boolean] | null }[];
}

/** How a value reads: lists one entry per line, yes/no, the reader's names for references and times (`labels`), "" for nothing. */
export type Reading = (name: string, spec: FieldSpec, value: unknown) => string;

/** Two values are the same when their JSON is (key order aside: snapshots are written with stable keys). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null) || (isEmpty(a) && isEmpty(b));
const isEmpty = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

function changes(fields: Record<string, FieldSpec>, before: Record<string, unknown> = {}, after: Record<string, unknown> = {}, read: Reading): FieldChange[] {
  return Object.entries(fields)
    .filter(([name]) => !same(before[name], after[name]))
    .map(([name, spec]) => ({
      name,
      before: read(name, spec, before[name]),
      after: read(name, spec, after[name]),
      long: spec.input === "html" || spec.input === "paragraphs" || spec.input === "textarea",
    }));
}

/** What changed from one version of an item to another: each field that differs, per language, and each language's published mark. */
export function compareVersions(kind: ContentKind, before: ContentSnapshot, after: ContentSnapshot, read: Reading): VersionChanges {
  const spec = CONTENT_REGISTRY[kind];
  return {
    shared: changes(spec.shared, before.shared, after.shared, read),
    texts: kindLanguages(kind).map((lang) => {
      const was = before.published[lang] === true;
      const is = after.published[lang] === true;
      return { lang, fields: changes(spec.texts, before.texts[lang], after.texts[lang], read), published: was === is ? null : [was, is] };
    }),
  };
}
