import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { CONTACT_CHANNELS, DAYS, DEFAULT_COUNTRY, MAX_PHOTO_BYTES, PHOTO_MIME_TYPES, POSITIONS } from "~/lib/forms/choices";
import { hasExtension, isKnownCountry, isValidForCountry } from "~/lib/forms/phone-rules";

/*
 * One schema per form, used by the action (server validation), by the loader (the fields' HTML
 * constraints) and by the browser once the form is usable (form-checks.ts).
 * Messages are translation keys under forms.errors, so every language gets its own wording.
 */
const isFilled = (value: string | undefined): value is string => value !== undefined && value.length > 0;

/*
 * Required text is optional-then-refined: a missing value is a plain issue rather than an aborted
 * parse, so the form's own checks (the phone against its country) still run and every problem
 * shows at once. Refined only, never transformed: zod aborts a transform whose input has an issue,
 * and the object-level checks would then be skipped. The cast states what the refinement ensures.
 */
const filled = (text: z.ZodOptional<z.ZodString>) => text.refine(isFilled, "required") as unknown as z.ZodType<string, z.ZodTypeDef, string | undefined>;

export const required = (max: number) => filled(z.string().trim().max(max, "tooLong").optional());

export const email = filled(z.string().trim().max(200, "tooLong").email("email").optional());

/**
 * Messages for what the schemas do not word themselves (a value of the wrong type, an option the
 * list does not have): keys too, never zod's English. A check's own message still wins.
 */
export const formErrorMap: z.ZodErrorMap = (issue) => ({ message: issue.code === z.ZodIssueCode.invalid_enum_value ? "choice" : "invalid" });

/** conform's parse with the form error map: the server and the browser word problems alike. */
export const parseForm = <Schema extends z.ZodTypeAny>(formData: FormData, schema: Schema) => parseWithZod(formData, { schema, errorMap: formErrorMap });

export const consent = (message: string) =>
  z
    .string()
    .optional()
    .refine((value) => value === "on", message);

/** A country the lists offer (they are built from the countries phone numbers know); "ZZ" is none. */
export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "required")
  .refine(isKnownCountry, "choice");

/** The number must be valid for the country its dial code was picked from, without an extension. */
function checkPhoneForCountry(value: { phone?: string; phoneCountry: string }, ctx: z.RefinementCtx) {
  checkPhone(value.phone, value.phoneCountry, "phone", ctx);
}

/** A phone number against the country of its dial code, its problem on the field named `path`. */
export function checkPhone(phone: string | undefined, country: string, path: string, ctx: z.RefinementCtx) {
  if (!phone) return;
  const problem = hasExtension(phone, country) ? "phoneExtension" : isValidForCountry(phone, country) ? null : "phone";
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: problem });
}

/** Only web addresses a person can open: `javascript:` or `data:` are URLs to zod, not to the clinic. */
const isWebAddress = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Required choices, the same way as required text. */
export const requiredChoice = <T extends z.ZodTypeAny>(schema: T) => schema.optional().refine((value) => value !== undefined, "required");

/** The phone is optional here; given, it is checked for its dial code's country like on every form. */
export const ContactSchema = z
  .object({
    name: required(120),
    email,
    phoneCountry: countryCode.default(DEFAULT_COUNTRY),
    phone: z.string().trim().max(30, "tooLong").optional(),
    subject: z.string().trim().max(200, "tooLong").optional(),
    message: required(5000),
    privacyConsent: consent("consent"),
  })
  .superRefine(checkPhoneForCountry);

export const OfferSchema = z
  .object({
    name: required(120),
    email,
    phoneCountry: countryCode.default(DEFAULT_COUNTRY),
    phone: required(30),
    country: countryCode.default(DEFAULT_COUNTRY),
    city: z.coerce.number().int().positive().optional(),
    /** A town the city list lacks, added in the combobox; only sent when no listed city is chosen. */
    cityName: z.string().trim().max(120, "tooLong").optional(),
    treatment: requiredChoice(z.coerce.number().int().positive("required")),
    contactChannel: requiredChoice(z.enum(CONTACT_CHANNELS)),
    preferredDay: z.enum(DAYS.map((d) => d.name) as [string, ...string[]]).optional(),
    message: z.string().trim().max(5000, "tooLong").optional(),
    privacyConsent: consent("consent"),
  })
  .superRefine(checkPhoneForCountry);

export const RegisterSchema = z
  .object({
    institutionType: requiredChoice(z.coerce.number().int().positive("required")),
    organisation: required(200),
    website: z.string().trim().max(300, "tooLong").refine(isWebAddress, "url").optional(),
    contactPerson: required(120),
    email,
    phoneCountry: countryCode.default(DEFAULT_COUNTRY),
    phone: required(30),
    country: countryCode.default(DEFAULT_COUNTRY),
    city: z.coerce.number().int().positive().optional(),
    /** A town the city list lacks, added in the combobox; only sent when no listed city is chosen. */
    cityName: z.string().trim().max(120, "tooLong").optional(),
    privacyConsent: consent("consent"),
  })
  .superRefine(checkPhoneForCountry);

/* The job application (career page). */

/*
 * A File from the browser (client-side validation, type from the file name) or from the upload
 * handler (type from the bytes, never empty). Checked by its shape: `instanceof File` fails across
 * realms and polyfills.
 */
export const isFile = (value: unknown): value is File =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as File).size === "number" &&
  typeof (value as File).type === "string" &&
  typeof (value as File).arrayBuffer === "function";

const photo = z
  .custom<File>(isFile, "career.errors.photoRequired")
  .optional()
  .refine((file) => file !== undefined, "career.errors.photoRequired")
  // An empty type is the browser not knowing (no extension): the server, which types by bytes, decides.
  .refine((file) => !file || file.type === "" || (PHOTO_MIME_TYPES as readonly string[]).includes(file.type), "career.errors.photoType")
  .refine((file) => !file || file.size <= MAX_PHOTO_BYTES, "career.errors.photoTooLarge");

export const CareerSchema = z
  .object({
    name: required(120),
    email,
    phoneCountry: countryCode.default(DEFAULT_COUNTRY),
    phone: required(30),
    position: requiredChoice(z.enum(POSITIONS, { errorMap: () => ({ message: "required" }) })),
    message: required(5000),
    photo,
    privacyConsent: consent("career.errors.consent"),
  })
  .superRefine(checkPhoneForCountry);

/** The lead forms' schemas by name: the browser loads this module on its own and picks one (form-checks.ts). */
export const FORM_SCHEMAS = { contact: ContactSchema, offer: OfferSchema, register: RegisterSchema, career: CareerSchema };
