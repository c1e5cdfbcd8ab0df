/**
 * Built forms (issue 43 item 4, ADR 065): forms staff make from a fixed set of field types, published
 * per language under the route table's `forms` page (docs/api-contract.md, "Built forms"). The API keeps
 * the draft, every published version and which version each language shows; a lead names the version
 * it answered, so a form changed later keeps its old leads readable.
 */
import { z } from "zod";
import { itemOf, LANGUAGE_CODES, LanguageCodeSchema, listOf, MAX_FORM_FILES } from "./contract";
import { URI_PATTERN } from "./content-contract";

export type FormLang = (typeof LANGUAGE_CODES)[number];

export const FORM_FIELD_TYPES = ["text", "longText", "email", "phone", "country", "city", "date", "choice", "multiChoice", "consent", "file"] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FormFieldTypeSchema = z.enum(FORM_FIELD_TYPES);

/** Limits of a form: a bound on every list and text (a crafted draft costs nothing). */
export const FORM_LIMITS = {
  fields: 40,
  choices: 30,
  name: 120,
  label: 300,
  help: 1000,
  title: 200,
  intro: 2000,
  slug: 120,
  /** A text field's own maximum may be lower, never higher. */
  textMax: 300,
  longTextMax: 5000,
  /** File fields in one form: what one post can carry within the body guard (MAX_FORM_FILES). */
  files: MAX_FORM_FILES,
} as const;

/** What a file field takes (ADR 065): photos (re-encoded), whole PDFs (kept as sent), or either. */
export const FORM_FILE_ACCEPTS = ["photo", "pdf", "photoOrPdf"] as const;
export type FormFileAccept = (typeof FORM_FILE_ACCEPTS)[number];
/** A field stored before it could choose takes photos, as every file field then did. */
export const acceptOf = (field: { accept?: FormFileAccept | null }): FormFileAccept => field.accept ?? "photo";

/** A form's or a version's id in a path: a positive integer within SQLite's 32-bit range. */
export const FormIdParamSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const text = (max: number) => z.string().trim().max(max);
/** A text in each language it was written in. */
const Texts = (max: number) =>
  z.object(Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, text(max).optional()])) as Record<FormLang, z.ZodOptional<z.ZodString>>).strict();
export type FormTexts = Partial<Record<FormLang, string>>;

export const FormChoiceSchema = z.object({ id: z.string().regex(/^c\d{1,4}$/), label: Texts(FORM_LIMITS.label) }).strict();

export const FormFieldSchema = z
  .object({
    /** The field's name in the public form and in its leads: kept when the field moves or is relabelled. */
    key: z.string().regex(/^f\d{1,4}$/),
    type: FormFieldTypeSchema,
    required: z.boolean(),
    /** The field asks about health (special-category data): the form then needs explicit consent. */
    health: z.boolean(),
    label: Texts(FORM_LIMITS.label),
    help: Texts(FORM_LIMITS.help),
    choices: z.array(FormChoiceSchema).max(FORM_LIMITS.choices),
    /** Text and long text: at most this many characters (FORM_LIMITS bound it). */
    maxLength: z.number().int().min(1).max(FORM_LIMITS.longTextMax).nullable(),
    /** Date: the earliest and latest day accepted (YYYY-MM-DD). */
    minDate: z.string().regex(isoDate).nullable(),
    maxDate: z.string().regex(isoDate).nullable(),
    /** Multiple choice: at most this many ticked. */
    maxChoices: z.number().int().min(1).max(FORM_LIMITS.choices).nullable(),
    /** File: what it takes (acceptOf); absent on fields stored before the choice existed. */
    accept: z.enum(FORM_FILE_ACCEPTS).nullable().optional(),
  })
  .strict();
export type FormField = z.infer<typeof FormFieldSchema>;

/** A language's page of the form: its title, an introduction and its slug under the forms page. */
export const FormPageSchema = z
  .object({
    title: text(FORM_LIMITS.title),
    intro: text(FORM_LIMITS.intro),
    slug: text(FORM_LIMITS.slug),
  })
  .strict();
export type FormPage = z.infer<typeof FormPageSchema>;

/** What an editor writes: a draft may be incomplete; publishing a language checks it (formProblems). */
export const FormDefinitionSchema = z
  .object({
    name: z.string().trim().min(1).max(FORM_LIMITS.name),
    /** The form as a whole asks about health (a campaign for a treatment): it then needs explicit consent. */
    health: z.boolean(),
    fields: z.array(FormFieldSchema).max(FORM_LIMITS.fields),
    pages: z
      .object(Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, FormPageSchema.optional()])) as Record<FormLang, z.ZodOptional<typeof FormPageSchema>>)
      .strict(),
  })
  .strict()
  .refine((form) => new Set(form.fields.map((field) => field.key)).size === form.fields.length, { message: "duplicate_key", path: ["fields"] });
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;

/**
 * Why a language of a form cannot be published, as codes the back office words: nothing when it can.
 * A form that asks about health must carry a required consent field marked as the explicit consent
 * (GDPR Art. 9, KVKK): special-category data is never taken on a general privacy tick.
 */
export function formProblems(form: FormDefinition, lang: FormLang): string[] {
  const problems: string[] = [];
  const page = form.pages[lang];
  if (!page?.title) problems.push("title");
  if (!page?.slug || !URI_PATTERN.test(page.slug)) problems.push("slug");
  if (form.fields.length === 0) problems.push("noFields");
  if (form.fields.some((field) => !field.label[lang])) problems.push("labels");
  const listed = form.fields.filter((field) => field.type === "choice" || field.type === "multiChoice");
  if (listed.some((field) => field.choices.length === 0)) problems.push("noChoices");
  if (listed.some((field) => field.choices.some((choice) => !choice.label[lang]))) problems.push("choiceLabels");
  if (form.fields.some((field) => field.minDate && field.maxDate && field.minDate > field.maxDate)) problems.push("dates");
  // Every file of one post must fit the body guard together (FORM_LIMITS.files).
  if (form.fields.filter((field) => field.type === "file").length > FORM_LIMITS.files) problems.push("files");
  if (asksAboutHealth(form) && !hasExplicitConsent(form)) problems.push("healthConsent");
  return problems;
}

export const asksAboutHealth = (form: Pick<FormDefinition, "health" | "fields">) =>
  form.health || form.fields.some((field) => field.type !== "consent" && field.health);
/** A required consent field marked as about health: the explicit consent Art. 9 asks for. */
export const hasExplicitConsent = (form: Pick<FormDefinition, "fields">) =>
  form.fields.some((field) => field.type === "consent" && field.health && field.required);

export const FormPublicationSchema = z.object({ lang: LanguageCodeSchema, slug: z.string(), versionId: z.number().int().positive(), publishedAt: z.string() });
export type FormPublication = z.infer<typeof FormPublicationSchema>;

export const FormSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  updatedAt: z.string(),
  published: z.array(FormPublicationSchema),
});
export type FormSummary = z.infer<typeof FormSummarySchema>;
export const FormSchema = FormSummarySchema.extend({ definition: FormDefinitionSchema, versions: z.number().int().min(0) });
export type BuiltForm = z.infer<typeof FormSchema>;

/** GET admin/forms, GET/PUT admin/forms/:id (read:content; writes write:content). */
export const FormListSchema = listOf(FormSummarySchema);
export const FormItemSchema = itemOf(FormSchema);
/** POST admin/forms and PUT admin/forms/:id: the whole draft. */
export const FormSavePayloadSchema = z.object({ definition: FormDefinitionSchema }).strict();
/** POST admin/forms/:id/publish and …/unpublish (publish:content): one language; publishing keeps a new version. */
export const FormLanguagePayloadSchema = z.object({ lang: LanguageCodeSchema }).strict();

/** A published version as the public site and the inbox read it. */
export const FormVersionSchema = z.object({
  id: z.number().int().positive(),
  formId: z.number().int().positive(),
  definition: FormDefinitionSchema,
  publishedAt: z.string(),
});
export type FormVersion = z.infer<typeof FormVersionSchema>;
export const FormVersionItemSchema = itemOf(FormVersionSchema);

/** GET forms (client token): every published form page, for the site's links and the hostile-request suite. */
export const PublishedFormSchema = z.object({
  formId: z.number().int().positive(),
  lang: LanguageCodeSchema,
  slug: z.string(),
  title: z.string(),
  versionId: z.number().int().positive(),
});
export type PublishedForm = z.infer<typeof PublishedFormSchema>;
export const PublishedFormListSchema = listOf(PublishedFormSchema);
/**
 * GET forms/page?lang=&slug= (client token): the form a language's slug shows, with its version. An
 * earlier slug of a form answers the form with its current `slug` (the site redirects, 301); 404 otherwise.
 */
export const FormPageQuerySchema = z.object({ lang: LanguageCodeSchema, slug: z.string().min(1).max(FORM_LIMITS.slug) }).strict();
export const PublicFormSchema = PublishedFormSchema.extend({ intro: z.string(), definition: FormDefinitionSchema });
export type PublicForm = z.infer<typeof PublicFormSchema>;
export const PublicFormItemSchema = itemOf(PublicFormSchema);

/** A form's answers as a lead carries them: each field's key to its text, its choice ids, or a file's upload id. */
export const FormAnswersSchema = z.record(
  z.string().regex(/^f\d{1,4}$/),
  z.union([z.string().max(FORM_LIMITS.longTextMax), z.array(z.string().max(40)).max(FORM_LIMITS.choices)]),
);
