import { z } from "zod";
import {
  CONTENT_REGISTRY,
  linesFromText,
  listTextMax,
  paragraphsFromText,
  textFromLines,
  textFromParagraphs,
  VersionSchema,
  type ContentKind,
  type FieldInput,
  type FieldSpec,
  type Lang,
} from "~/lib/platform/api/content-contract";
import { LanguageCodeSchema } from "~/lib/platform/api/contract";
import { kindLanguages } from "~/lib/admin/content-kinds";
import { clinicDateTimeInput, clinicDateTimeValue } from "~/lib/admin/staff-time";

/**
 * The content editor's form: one control per editable field of the kind (content-contract.ts),
 * named as the API names the field in its errors, `shared.price` and `texts.ar.uri`, so an answer
 * of the API lands on its control. Every control holds a string; these functions turn the item's
 * values into those strings and back.
 */

export const CONTENT_INTENTS = ["save", "publish", "unpublish"] as const;
export type ContentIntent = (typeof CONTENT_INTENTS)[number];
/** Publishing and unpublishing change the public site: editors and owners hold publish:content. */
export const needsPublish = (intent: ContentIntent) => intent !== "save";

/** The file input's name: the image is uploaded first, and its id goes into `shared.imageId`. */
export const IMAGE_FIELD = "image";

const ERRORS = "admin:content.errors";

/** Fields the form edits; seeded read-only ones (artwork, drawn portraits) are shown, never sent. */
export const editableFields = (fields: Record<string, FieldSpec>) => Object.entries(fields).filter(([, spec]) => !spec.readOnly);

/** A value as its control holds it: "" for empty, one entry per line for lists, the clinic's clock for times, the ticked ids of a list of references. */
export function toFormValue(spec: FieldSpec, value: unknown): string | string[] {
  if (spec.input === "references") return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return "";
  const list = Array.isArray(value) ? value.map(String) : [];
  switch (spec.input) {
    case "lines":
      return textFromLines(list);
    case "paragraphs":
      return textFromParagraphs(list);
    case "languages":
      return list.join(", ");
    case "boolean":
      return value === true ? "on" : "";
    case "datetime":
      return typeof value === "string" ? clinicDateTimeInput(value) : "";
    default:
      return String(value);
  }
}

/** A control's string as the API's value. A string that is no such value stays one, for the field's schema to refuse. */
export function fromFormValue(spec: FieldSpec, raw: unknown): unknown {
  // Checkboxes of one name: none ticked is no value, one is a string, several a list (FormData.getAll gives a list).
  if (spec.input === "references")
    return (Array.isArray(raw) ? raw : raw === undefined || raw === "" ? [] : [raw]).map((id) =>
      typeof id === "string" && /^\d{1,15}$/.test(id) ? Number(id) : id,
    );
  const text = typeof raw === "string" ? raw : "";
  const trimmed = text.trim();
  switch (spec.input) {
    case "text":
    case "uri":
    case "textarea":
    case "html":
      return text;
    case "lines":
      return linesFromText(text);
    case "paragraphs":
      return paragraphsFromText(text);
    case "languages":
      return trimmed
        ? trimmed
            .toLowerCase()
            .split(/[\s,;]+/)
            .filter(Boolean)
        : [];
    case "boolean":
      return text === "on";
    case "number":
      // A decimal comma, as Turkish and French write prices.
      return trimmed ? Number(trimmed.replace(",", ".")) : null;
    case "integer":
    case "reference":
      return trimmed ? Number(trimmed) : null;
    case "datetime":
      return trimmed ? (clinicDateTimeValue(trimmed) ?? trimmed) : null;
    case "currency":
      return trimmed ? trimmed.toUpperCase() : null;
    default:
      return trimmed || null;
  }
}

const FORMAT_ERRORS: Partial<Record<FieldInput, string>> = {
  uri: "uriFormat",
  number: "number",
  integer: "integer",
  date: "date",
  datetime: "datetime",
  currency: "currency",
  languages: "languageCodes",
  reference: "choice",
  references: "choice",
  page: "choice",
  specialty: "choice",
  image: "image",
};

/** What to tell the editor about a value its field's schema refused (a key under admin:content.errors). */
export function errorKey(spec: FieldSpec, issue: z.ZodIssue): string {
  if (issue.code === z.ZodIssueCode.too_big && issue.type === "string") return issue.path.length > 0 ? "lineTooLong" : "tooLong";
  if (issue.code === z.ZodIssueCode.too_big && issue.type === "array") return "tooMany";
  return FORMAT_ERRORS[spec.input] ?? "invalid";
}

const isList = (spec: FieldSpec) => spec.input === "lines" || spec.input === "paragraphs";

/**
 * One control: its string made a value and checked by the registry's schema; any problem is the
 * control's own. A list's text is measured whole before it is split into entries.
 */
const fieldSchema = (spec: FieldSpec) =>
  z.unknown().transform((raw, ctx) => {
    if (isList(spec) && typeof raw === "string" && raw.length > listTextMax(spec)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${ERRORS}.listTooLong` });
      return z.NEVER;
    }
    const parsed = spec.schema.safeParse(fromFormValue(spec, raw));
    if (parsed.success) return parsed.data as unknown;
    const empty = Array.isArray(raw) ? raw.length === 0 : typeof raw !== "string" || raw.trim() === "";
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${ERRORS}.${empty ? "required" : errorKey(spec, parsed.error.issues[0])}` });
    return z.NEVER;
  });

const group = (fields: Record<string, FieldSpec>) =>
  z.preprocess((value) => value ?? {}, z.object(Object.fromEntries(editableFields(fields).map(([name, spec]) => [name, fieldSchema(spec)]))));

/** The hidden version field's number, or undefined when there is none or it is no version. */
export const versionOf = (raw: unknown) => (typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined);

/** A group of language checkboxes: none, one or several ticked, of the languages the kind is offered in. */
const ticked = (languages: Lang[]) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(languages as [Lang, ...Lang[]], { errorMap: () => ({ message: `${ERRORS}.invalid` }) })).max(languages.length),
  );

/**
 * The checkboxes each step reads: Publish its own, pre-ticked with the languages that can go
 * public; Unpublish its own, never pre-ticked, so pressing it at once takes nothing down.
 */
export const STEP_LANGUAGES = { publish: "languages", unpublish: "unpublishLanguages" } as const;

/**
 * The editor form's schema for a kind (parsed with conform's auto-coercion off: every control's
 * string goes to `fromFormValue`). Publishing and unpublishing need languages ticked in their own group.
 */
export function contentFormSchema(kind: ContentKind) {
  const spec = CONTENT_REGISTRY[kind];
  const offered = kindLanguages(kind);
  return z
    .object({
      intent: z.enum(CONTENT_INTENTS).default("save"),
      // The item's version the form was opened at (hidden); a form without it, or a garbled one, saves without the check.
      version: z.preprocess(versionOf, VersionSchema.optional()),
      languages: ticked(offered),
      unpublishLanguages: ticked(offered),
      // "Notify subscribers" (ADR 059): with Publish, asks a notification admin for a push notice.
      notify: z.preprocess((value) => value === "on", z.boolean()),
      shared: group(spec.shared),
      // Only the offered languages: a language the kind has no page in is neither shown nor saved (its text, if any, stays as it is).
      texts: z.preprocess((value) => value ?? {}, z.object(Object.fromEntries(offered.map((lang) => [lang, group(spec.texts)])))),
    })
    .superRefine((value, ctx) => {
      if (value.intent === "save") return;
      const field = STEP_LANGUAGES[value.intent];
      if (value[field].length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: `${ERRORS}.noLanguage` });
    });
}

export interface ContentFormValue {
  intent: ContentIntent;
  version?: number;
  languages: Lang[];
  unpublishLanguages: Lang[];
  notify: boolean;
  shared: Record<string, unknown>;
  texts: Partial<Record<Lang, Record<string, unknown>>>;
}

/** The form's starting values (all strings), from an item's values or a new item's empty ones. */
export function contentFormDefaults(
  kind: ContentKind,
  shared: Record<string, unknown>,
  texts: Partial<Record<Lang, Record<string, unknown>>>,
  languages: Lang[],
) {
  const spec = CONTENT_REGISTRY[kind];
  const strings = (fields: Record<string, FieldSpec>, values: Record<string, unknown> | undefined) =>
    Object.fromEntries(editableFields(fields).map(([name, field]) => [name, toFormValue(field, values?.[name])]));
  return {
    languages,
    unpublishLanguages: [] as Lang[],
    shared: strings(spec.shared, shared),
    texts: Object.fromEntries(kindLanguages(kind).map((lang) => [lang, strings(spec.texts, texts[lang])])) as Partial<Record<Lang, Record<string, string>>>,
  };
}

/* The API's refusals (409, 422): `{ errors: [{ field, message }] }` with dotted field paths. */

const API_MESSAGES: Record<string, string> = {
  uri_taken: "uriTaken",
  uri_format: "uriFormat",
  required: "requiredToPublish",
  not_public: "notPublic",
  fixed_page: "fixedPage",
  no_page: "noPage",
  // A reference, image or page that no longer exists (deleted meanwhile).
  unknown: "choice",
};

const ApiErrorsSchema = z.object({
  errors: z.array(z.object({ field: z.string().max(200).optional().nullable(), message: z.string().max(500) })).max(500),
});

/**
 * The API's field errors as the form's: each at its control. A shared field reported for one
 * language (a post's category not public in Arabic) is shown at the shared control, naming the
 * language; the step's languages at the group of checkboxes that step read (`languagesField`);
 * anything the form has no control for becomes a form-level message.
 */
export function apiFieldErrors(kind: ContentKind, answer: unknown, languagesField: string = STEP_LANGUAGES.publish) {
  const spec = CONTENT_REGISTRY[kind];
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const parsed = ApiErrorsSchema.safeParse(answer);
  const add = (name: string, key: string) => (fieldErrors[name] ??= []).includes(key) || fieldErrors[name].push(key);
  for (const { field, message } of parsed.success ? parsed.data.errors : []) {
    const key = `${ERRORS}.${API_MESSAGES[message] ?? "rejected"}`;
    const [scope, a, b] = (field ?? "").split(".");
    if (scope === "shared" && a && a in spec.shared) add(`shared.${a}`, key);
    else if (scope === "texts" && LanguageCodeSchema.safeParse(a).success && b && b in spec.texts) add(`texts.${a}.${b}`, key);
    else if (scope === "texts" && LanguageCodeSchema.safeParse(a).success && b && (b in spec.shared || b === "imageId")) add(`shared.${b}`, `${key}|${a}`);
    else if (scope === "languages") add(languagesField, key);
    else if (!formErrors.includes(`${ERRORS}.rejected`)) formErrors.push(`${ERRORS}.rejected`);
  }
  if (!parsed.success || (Object.keys(fieldErrors).length === 0 && formErrors.length === 0)) formErrors.push(`${ERRORS}.rejected`);
  return { fieldErrors, formErrors };
}

/** A field error's key and, after "|", the language it is about (`…notPublic|ar`). */
export function splitErrorKey(error: string): { key: string; lang?: string } {
  const [key, lang] = error.split("|");
  return { key, lang };
}
