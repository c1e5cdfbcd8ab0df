import { z } from "zod";

/** The suggestions' two forms, read from the posted fields (the intent comes from the address). */
export const PatientMergeFormSchema = z.object({ into: z.coerce.number().int().positive(), from: z.coerce.number().int().positive() });
export const PatientDismissFormSchema = z.object({ a: z.coerce.number().int().positive(), b: z.coerce.number().int().positive() });
export const PATIENT_INTENTS = ["merge", "dismiss"] as const;
