import {
  acceptOf,
  FORM_FIELD_TYPES,
  FORM_FILE_ACCEPTS,
  FORM_LIMITS,
  FormDefinitionSchema,
  type FormDefinition,
  type FormField,
  type FormFieldType,
  type FormFileAccept,
  type FormLang,
} from "~/lib/platform/api/forms-contract";

/*
 * The form builder's editor without JavaScript (ADR 065): one page posts the whole draft in one
 * language, and the button pressed (`do`) says what to do with it: save, add a field, move or remove
 * one, add or remove a choice. The stored draft is the truth for what fields and choices exist: a post
 * only fills in values for the keys the draft has, so a crafted post cannot add fields or ids.
 */

/** A new, empty draft (the "new form" page names it). */
export const emptyForm = (name: string, health: boolean): FormDefinition => ({ name, health, fields: [], pages: {} });

const nextNumber = (ids: string[]) => ids.reduce((max, id) => Math.max(max, Number(id.slice(1)) || 0), 0) + 1;

/** A file field's choice as posted; anything else keeps what it was. */
const acceptFrom = (posted: FormDataEntryValue | null, field: FormField): FormFileAccept =>
  FORM_FILE_ACCEPTS.find((accept) => accept === posted) ?? acceptOf(field);

export function newField(form: FormDefinition, type: FormFieldType): FormField {
  return {
    key: `f${nextNumber(form.fields.map((field) => field.key))}`,
    type,
    required: type === "consent",
    health: false,
    label: {},
    help: {},
    choices: [],
    maxLength: null,
    minDate: null,
    maxDate: null,
    maxChoices: null,
    ...(type === "file" ? { accept: "photo" as const } : {}),
  };
}

export type EditorStep =
  | { kind: "save" }
  | { kind: "add"; type: FormFieldType }
  | { kind: "remove" | "up" | "down" | "addChoice"; key: string }
  | { kind: "removeChoice"; key: string; choice: string };

/** The button pressed; anything unknown is a plain save. */
export function editorStep(form: FormData): EditorStep {
  const step = String(form.get("do") ?? "save");
  if (step === "add") {
    const type = String(form.get("newType") ?? "");
    return (FORM_FIELD_TYPES as readonly string[]).includes(type) ? { kind: "add", type: type as FormFieldType } : { kind: "save" };
  }
  const [kind, key, choice] = step.split(":");
  if ((kind === "remove" || kind === "up" || kind === "down" || kind === "addChoice") && key) return { kind, key };
  if (kind === "removeChoice" && key && choice) return { kind, key, choice };
  return { kind: "save" };
}

/** What a post could not take, by input name, as admin translation keys (the page shows them and keeps the values). */
export type EditorErrors = Record<string, string>;

const textOf = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : "";
};
const setText = <T extends Partial<Record<FormLang, string>>>(texts: T, lang: FormLang, value: string): T => {
  const copy = { ...texts };
  if (value) copy[lang] = value as T[FormLang];
  else delete copy[lang];
  return copy;
};

/** A whole number in [min, max] from an input, null when empty; an error when it is something else. */
function numberOf(form: FormData, name: string, min: number, max: number, errors: EditorErrors): number | null {
  const raw = textOf(form, name, 20);
  if (!raw) return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    errors[name] = "forms.errors.number";
    return null;
  }
  return value;
}

function dateOf(form: FormData, name: string, errors: EditorErrors): string | null {
  const raw = textOf(form, name, 20);
  if (!raw) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(raw))) {
    errors[name] = "forms.errors.date";
    return null;
  }
  return raw;
}

/** The draft with the post's values in `lang` (other languages' texts stay as stored). */
export function readEditorPost(stored: FormDefinition, form: FormData, lang: FormLang): { definition: FormDefinition; errors: EditorErrors } {
  const errors: EditorErrors = {};
  const name = textOf(form, "name", FORM_LIMITS.name);
  if (!name) errors.name = "forms.errors.name";
  const page = {
    title: textOf(form, "title", FORM_LIMITS.title),
    intro: textOf(form, "intro", FORM_LIMITS.intro),
    slug: textOf(form, "slug", FORM_LIMITS.slug).toLowerCase(),
  };
  const pages = { ...stored.pages };
  if (page.title || page.intro || page.slug) pages[lang] = page;
  else delete pages[lang];
  const fields = stored.fields.map((field): FormField => {
    const at = (input: string) => `${field.key}.${input}`;
    const limit = field.type === "longText" ? FORM_LIMITS.longTextMax : FORM_LIMITS.textMax;
    return {
      ...field,
      required: form.get(at("required")) === "on",
      health: form.get(at("health")) === "on",
      label: setText(field.label, lang, textOf(form, at("label"), FORM_LIMITS.label)),
      help: setText(field.help, lang, textOf(form, at("help"), FORM_LIMITS.help)),
      choices: field.choices.map((choice) => ({ ...choice, label: setText(choice.label, lang, textOf(form, at(choice.id), FORM_LIMITS.label)) })),
      maxLength: field.type === "text" || field.type === "longText" ? numberOf(form, at("maxLength"), 1, limit, errors) : null,
      minDate: field.type === "date" ? dateOf(form, at("minDate"), errors) : null,
      maxDate: field.type === "date" ? dateOf(form, at("maxDate"), errors) : null,
      maxChoices: field.type === "multiChoice" ? numberOf(form, at("maxChoices"), 1, FORM_LIMITS.choices, errors) : null,
      ...(field.type === "file" ? { accept: acceptFrom(form.get(at("accept")), field) } : {}),
    };
  });
  return { definition: { name: name || stored.name, health: form.get("health") === "on", fields, pages }, errors };
}

/** The draft after the step; unchanged where the step names no field it has or a list is full. */
export function applyStep(form: FormDefinition, step: EditorStep): FormDefinition {
  if (step.kind === "save") return form;
  if (step.kind === "add") return form.fields.length >= FORM_LIMITS.fields ? form : { ...form, fields: [...form.fields, newField(form, step.type)] };
  const index = form.fields.findIndex((field) => field.key === step.key);
  if (index < 0) return form;
  const fields = [...form.fields];
  const field = fields[index];
  if (step.kind === "remove") fields.splice(index, 1);
  else if (step.kind === "up" || step.kind === "down") {
    const to = step.kind === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= fields.length) return form;
    [fields[index], fields[to]] = [fields[to], fields[index]];
  } else if (step.kind === "addChoice") {
    if (field.choices.length >= FORM_LIMITS.choices) return form;
    fields[index] = { ...field, choices: [...field.choices, { id: `c${nextNumber(field.choices.map((c) => c.id))}`, label: {} }] };
  } else if (step.kind === "removeChoice") {
    const removed = step.choice;
    fields[index] = { ...field, choices: field.choices.filter((choice) => choice.id !== removed) };
  }
  return { ...form, fields };
}

/** Whether a draft is one the API takes (the editor's reads keep within its bounds; this is the last check). */
export const isValidDraft = (form: FormDefinition) => FormDefinitionSchema.safeParse(form).success;
