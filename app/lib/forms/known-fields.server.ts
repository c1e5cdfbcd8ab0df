import { z, type ZodTypeAny } from "zod";

/** The top-level field names of a form schema (an object, possibly wrapped in refinements). */
export function schemaFields(schema: ZodTypeAny): string[] {
  let inner: ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  if (!(inner instanceof z.ZodObject)) throw new TypeError("A form schema is an object");
  return Object.keys(inner.shape);
}

// C0 and C1 controls other than tab and line breaks, and the bidi embedding, override and isolate
// controls that make a name read backwards in the clinic's tools. Marks such as U+200F stay: Arabic
// text needs them.
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const LINE_BREAKS = /[\t\r\n]+/g;

/**
 * No field is kept longer than this: twice the longest any schema allows (a message, 5,000), so the
 * schema still says "too long", but a megabyte pasted into one field is not copied through the
 * parse, the reply and the page several times over. Browsers stop a visitor at the schema's length.
 */
export const MAX_FIELD_CHARS = 10_000;

/** What a visitor may send in a text field: no control characters, and no line breaks outside multi-line fields. */
export function cleanText(value: string, multiline: boolean): string {
  const cleaned = value.replace(UNSAFE, "");
  return multiline ? cleaned : cleaned.replace(LINE_BREAKS, " ");
}

export interface KnownFieldsOptions {
  /** Fields the schema knows plus the form's own (CSRF token, honeypot, intent). */
  names: readonly string[];
  /** Text areas: they keep their line breaks. */
  multiline?: readonly string[];
  /** Fields sent once per ticked box (a built form's multiple choice): every value kept, up to MAX_LIST_VALUES. */
  lists?: readonly string[];
}

/** The most values a list field keeps (a built form's choices are at most 30). */
export const MAX_LIST_VALUES = 30;

/**
 * A copy of the posted form with only the fields this form has, each once (its first value), text
 * cleaned. Everything later (the schema, conform's reply that echoes values into the page) sees only
 * this: a crafted name such as `x[2000000000]` or `a.a.a…` would otherwise become a giant sparse array
 * or a 50,000-level object in conform's parser, and a field sent twice an array the schema calls
 * "Expected string".
 */
export function knownFields(formData: FormData, { names, multiline = [], lists = [] }: KnownFieldsOptions): FormData {
  const known = new FormData();
  for (const name of names) {
    if (lists.includes(name)) {
      for (const value of formData.getAll(name).slice(0, MAX_LIST_VALUES))
        if (typeof value === "string") known.append(name, cleanText(value.slice(0, 40), false));
      continue;
    }
    const value = formData.get(name);
    if (value === null) continue;
    known.append(name, typeof value === "string" ? cleanText(value.slice(0, MAX_FIELD_CHARS), multiline.includes(name)) : value);
  }
  return known;
}
