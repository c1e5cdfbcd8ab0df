import { z, type ZodTypeAny } from "zod";
import { DEFAULT_COUNTRY, MAX_PHOTO_BYTES, PHOTO_MIME_TYPES } from "~/lib/forms/choices";
import { checkPhone, consent, countryCode, email, isFile, required } from "~/lib/forms/schemas";
import { FORM_LIMITS, type FormDefinition, type FormField } from "~/lib/platform/api/forms-contract";

/*
 * A built form's schema (ADR 065), made from the published version the visitor answers: the same
 * pieces as the built-in forms' schemas (schemas.ts), so a built form checks text, e-mail, phone,
 * country, consent and photo exactly as they do. Messages are keys under forms.errors.
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

function photo(field: FormField) {
  const file = z.custom<File>(isFile, "career.errors.photoRequired").optional();
  return (field.required ? file.refine((value) => value !== undefined, "career.errors.photoRequired") : file)
    .refine((value) => !value || value.type === "" || (PHOTO_MIME_TYPES as readonly string[]).includes(value.type), "career.errors.photoType")
    .refine((value) => !value || value.size <= MAX_PHOTO_BYTES, "career.errors.photoTooLarge");
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
      return photo(field);
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
