import { z, type ZodTypeAny } from "zod";
import { DEFAULT_COUNTRY, MAX_PHOTO_BYTES, PDF_MIME_TYPE, PHOTO_MIME_TYPES } from "~/lib/forms/choices";
import { checkPhone, consent, countryCode, email, isFile, required } from "~/lib/forms/schemas";
import { acceptOf, FORM_LIMITS, type FormDefinition, type FormField, type FormFileAccept } from "~/lib/platform/api/forms-contract";

/*
 * A built form's schema (ADR 065), made from the published version the visitor answers: the same
 * pieces as the built-in forms' schemas (schemas.ts), so a built form checks text, e-mail, phone,
 * country, consent and photo exactly as they do; a file field may take a whole PDF instead. Messages are keys under forms.errors.
 */

/** The name of a phone field's dial code (its country) in the form. */
export const dialOf = (key: string) => `${key}Dial`;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
const optionalText = (max: number) => z.string().trim().max(max, "tooLong").optional();
const textLimit = (field: FormField) => field.maxLength ?? (field.type === "longText" ? FORM_LIMITS.longTextMax : FORM_LIMITS.textMax);

function date(field: FormField) {
  return z
    .string()
    .trim()
    .optional()
    .superRefine((value, ctx) => {
      const problem = !value
        ? field.required
          ? "required"
          : null
        : !isDay(value)
          ? "date"
          : field.minDate && value < field.minDate
            ? "dateTooEarly"
            : field.maxDate && value > field.maxDate
              ? "dateTooLate"
              : null;
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/** What each choice of a file field takes (types as upload.server.ts sniffed them), and its words. */
const FILE_RULES: Record<FormFileAccept, { types: readonly string[]; required: string; type: string; tooLarge: string }> = {
  photo: { types: PHOTO_MIME_TYPES, required: "career.errors.photoRequired", type: "career.errors.photoType", tooLarge: "career.errors.photoTooLarge" },
  pdf: { types: [PDF_MIME_TYPE], required: "fileRequired", type: "pdfType", tooLarge: "fileTooLarge" },
  photoOrPdf: { types: [...PHOTO_MIME_TYPES, PDF_MIME_TYPE], required: "fileRequired", type: "photoOrPdfType", tooLarge: "fileTooLarge" },
};
/** The error a file field shows when its file was left out for its size (readMultipartForm). */
export const tooLargeError = (field: FormField) => FILE_RULES[acceptOf(field)].tooLarge;

function file(field: FormField) {
  const rules = FILE_RULES[acceptOf(field)];
  const file = z.custom<File>(isFile, rules.required).optional();
  return (field.required ? file.refine((value) => value !== undefined, rules.required) : file)
    .refine((value) => !value || rules.types.includes(value.type), rules.type)
    .refine((value) => !value || value.size <= MAX_PHOTO_BYTES, rules.tooLarge);
}

function fieldSchema(field: FormField): ZodTypeAny {
  const ids = field.choices.map((choice) => choice.id) as [string, ...string[]];
  switch (field.type) {
    case "text":
    case "longText":
    case "city":
      return field.required ? required(textLimit(field)) : optionalText(textLimit(field));
    case "email":
      return field.required ? email : z.string().trim().max(200, "tooLong").email("email").optional();
    case "phone":
      return field.required ? required(30) : optionalText(30);
    case "country":
      return field.required ? countryCode.optional().refine((value) => value !== undefined, "required") : countryCode.optional();
    case "date":
      return date(field);
    case "choice": {
      const choice = z.enum(ids).optional();
      return field.required ? choice.refine((value) => value !== undefined, "required") : choice;
    }
    case "multiChoice": {
      const list = z
        .array(z.enum(ids))
        .max(field.maxChoices ?? ids.length, "tooManyChoices")
        .optional();
      return field.required ? list.refine((value) => value !== undefined && value.length > 0, "required") : list;
    }
    case "consent":
      return field.required ? consent("consent") : z.literal("on").optional();
    case "file":
      return file(field);
  }
}

/** The schema of a form's published version: one entry per field (and a dial code per phone). */
export function builtFormSchema(form: FormDefinition) {
  const shape: Record<string, ZodTypeAny> = {};
  for (const field of form.fields) {
    shape[field.key] = fieldSchema(field);
    if (field.type === "phone") shape[dialOf(field.key)] = countryCode.default(DEFAULT_COUNTRY);
  }
  const phones = form.fields.filter((field) => field.type === "phone").map((field) => field.key);
  return z.object(shape).superRefine((value: Record<string, unknown>, ctx) => {
    for (const key of phones) checkPhone(value[key] as string | undefined, value[dialOf(key)] as string, key, ctx);
  });
}

/** Fields a visitor sends once per ticked box. */
export const listFields = (form: FormDefinition) => form.fields.filter((field) => field.type === "multiChoice").map((field) => field.key);
export const multilineFields = (form: FormDefinition) => form.fields.filter((field) => field.type === "longText").map((field) => field.key);
