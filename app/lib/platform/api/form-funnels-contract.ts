/**
 * The API's part in form funnels (docs/api-contract.md, "Analytics: form funnels"; ADR 054): the
 * site posts what visitors who allowed analytics did with a lead form, in batches with its client
 * token, and staff read each form's funnel. A form event names a field and an error code, never
 * what was typed.
 */
import { z } from "zod";
import { LEAD_KINDS } from "./lead-kinds";
import { LanguageCodeSchema, itemOf } from "./contract";
import { VisitorIdSchema } from "./analytics-contract";

/**
 * What a visitor did with a form. From the browser (JavaScript only): `started` (first input),
 * `abandoned` (left the page without sending, with the last field touched), `error` (a check the
 * browser showed) and `submitted` when the browser's checks stopped the send. From the server:
 * `submitted` (a post that passed the protection checks), `refused` with an `error` per field,
 * `accepted` (the lead is in the outbox) with the seconds it took to fill.
 */
export const FORM_EVENT_TYPES = ["started", "abandoned", "error", "submitted", "refused", "accepted"] as const;
/** The types a browser may report; the rest only the server knows. */
export const BROWSER_FORM_EVENTS = ["started", "abandoned", "error", "submitted"] as const;
/** The lead forms' error codes (schemas.ts, upload.server.ts, built-form-schema.ts): the only ones an event may name. */
export const FORM_ERROR_CODES = [
  "required",
  "email",
  "phone",
  "phoneExtension",
  "tooLong",
  "consent",
  "url",
  "invalid",
  "choice",
  "photoRequired",
  "photoType",
  "photoTooLarge",
  "photoTooManyPixels",
  "photoUnreadable",
  // A built form's own (ADR 065).
  "date",
  "dateTooEarly",
  "dateTooLate",
  "tooManyChoices",
  "fileRequired",
  "pdfType",
  "photoOrPdfType",
  "fileTooLarge",
] as const;
/** Time to fill is capped: a form left open for a day says nothing more than one left for an hour. */
export const MAX_FILL_SECONDS = 3600;

const LeadKindSchema = z.enum(LEAD_KINDS);

/** A form's field name (as its schema names it), never its value. */
const FieldNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/);
/** A built form's id (ADR 065): a positive integer within SQLite's 32-bit range. */
export const BuiltFormIdSchema = z
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const FormEventSchema = z
  .object({
    visitorId: VisitorIdSchema,
    /** When the site accepted it (ISO, UTC). */
    at: z.string().datetime(),
    /** The lead's kind: the feedback page's form is the contact form, and its own funnel. */
    kind: LeadKindSchema,
    /** `builtForm`: which built form, each its own funnel; null for the built-in forms (absent: null). */
    formId: BuiltFormIdSchema.nullable().default(null),
    lang: LanguageCodeSchema,
    type: z.enum(FORM_EVENT_TYPES),
    /** `abandoned`: the last field touched; `error`: the field in error. */
    field: FieldNameSchema.nullable(),
    /** `error`: the message's code. */
    code: z.enum(FORM_ERROR_CODES).nullable(),
    /** `accepted`: whole seconds from the form's render to its post. */
    seconds: z.number().int().min(0).max(MAX_FILL_SECONDS).nullable(),
  })
  .refine((event) => (event.kind === "builtForm") === (event.formId !== null), { message: "formId", path: ["formId"] });
export type FormEvent = z.infer<typeof FormEventSchema>;

/** POST analytics/form-events (client token); answered like POST analytics/events. */
export const FormEventBatchSchema = z.object({ events: z.array(FormEventSchema).min(1).max(100) });

const count = z.number().int();

/** GET admin/analytics/forms?from=&to= (read:dashboard): clinic days, at most a year. */
export const FormFunnelsSchema = itemOf(
  z.object({
    /**
     * One per form and language with anything to show: the funnel's steps, and the median seconds to
     * fill (null: none accepted). A built form is one funnel per form (`formId`), titled by its `name`
     * (null: a form the API does not know), its fields labelled by its latest published version (`versionId`).
     */
    funnels: z.array(
      z.object({
        kind: LeadKindSchema,
        formId: BuiltFormIdSchema.nullable(),
        name: z.string().nullable(),
        versionId: z.number().int().positive().nullable(),
        lang: LanguageCodeSchema,
        views: count,
        started: count,
        submitted: count,
        /** Sends the server turned back with errors (a send may be refused, then accepted). */
        refused: count,
        accepted: count,
        delivered: count,
        abandoned: count,
        medianSeconds: count.nullable(),
      }),
    ),
    /** Where visitors stopped (the last field of `abandoned`), most first. */
    stops: z.array(z.object({ kind: LeadKindSchema, formId: BuiltFormIdSchema.nullable(), field: z.string(), count })),
    /** The errors they met (browser and server), most first. */
    errors: z.array(z.object({ kind: LeadKindSchema, formId: BuiltFormIdSchema.nullable(), field: z.string(), code: z.string(), count })),
    /** Every lead the API received per clinic day, consent or not (the dashboard's former charts). */
    leads: z.array(
      z.object({
        day: z.string(),
        byKind: z.record(LeadKindSchema, count),
        byLanguage: z.record(LanguageCodeSchema, count),
      }),
    ),
  }),
);
export type FormFunnels = z.infer<typeof FormFunnelsSchema>["result"];
