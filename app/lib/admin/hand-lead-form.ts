import { z } from "zod";
import { HAND_SOURCES, NOTE_KEY } from "~/lib/platform/api/admin-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";

/*
 * The form for a lead entered by hand (a phone call, a walk-in, a message), for the action and the
 * component alike. Messages are keys: shared ones under forms.errors, the form's own under admin:pipeline.new.
 */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: (issue) => ({ message: issue.code === "invalid_type" ? "required" : "choice" }) });

export const HandLeadSchema = z
  .object({
    source: choice(HAND_SOURCES),
    formType: choice(["offer", "contact"] as const),
    name: z.string({ required_error: "required" }).trim().min(1, "required").max(120, "tooLong"),
    email: z.string().trim().max(200, "tooLong").email("admin:pipeline.new.badEmail").optional(),
    // Typed as a person says it (spaces, dashes); stored as E.164, as the public forms store it.
    phone: z
      .string()
      .max(40, "tooLong")
      .transform((value) => value.replace(/[\s().-]/g, ""))
      .refine((value) => /^\+\d{6,15}$/.test(value), "admin:pipeline.new.badPhone")
      .optional(),
    languageCode: choice(LANGUAGE_CODES),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/, "choice")
      .optional(),
    treatmentId: z.number({ invalid_type_error: "choice" }).int("choice").positive("choice").optional(),
    message: z.string().trim().max(5000, "tooLong").default(""),
    /** Made with the page: the API call's Idempotency-Key, so the form sent twice is one lead. */
    entryKey: z.string().regex(NOTE_KEY).optional(),
  })
  .refine((lead) => lead.email !== undefined || lead.phone !== undefined, { message: "admin:pipeline.new.contactNeeded", path: ["email"] });
