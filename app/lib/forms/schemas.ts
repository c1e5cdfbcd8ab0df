import { isValidPhoneNumber } from "libphonenumber-js/min";
import { z } from "zod";

/*
 * One schema per form, used by the action (server validation) and the component (constraints).
 * Messages are translation keys under forms.errors, so every language gets its own wording.
 */
const required = (max: number) =>
  z.string({ required_error: "required" }).trim().min(1, "required").max(max, "tooLong");

export const internationalPhone = z
  .string()
  .trim()
  .max(30, "tooLong")
  .refine((value) => isValidPhoneNumber(value), "phone");

export const ContactSchema = z.object({
  name: required(120),
  email: z.string({ required_error: "required" }).trim().email("email").max(200, "tooLong"),
  phone: internationalPhone.optional(),
  subject: z.string().trim().max(200, "tooLong").optional(),
  message: required(5000),
  privacyConsent: z.literal("on", { errorMap: () => ({ message: "consent" }) }),
});
