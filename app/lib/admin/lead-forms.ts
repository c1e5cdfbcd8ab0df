import { z } from "zod";
import { CURRENCIES, LEAD_STATUSES, NOTE_KEY } from "~/lib/platform/api/admin-contract";

/**
 * The lead page's forms, one schema each, used by the action and by the forms' own checks. Each
 * form posts to `?intent=…`, so the action knows which permission to ask for before it reads the body
 * (the lead page's `post` in ADMIN_PAGES, app/route-patterns.js).
 */
export const LEAD_INTENTS = ["status", "assignee", "note", "erase", "pipeline", "noteEdit"] as const;
export const LeadIntentSchema = z.enum(LEAD_INTENTS);
export type LeadIntent = z.infer<typeof LeadIntentSchema>;

const CHOICE = "admin:leads.errors.choice";
const choice = { errorMap: () => ({ message: CHOICE }) };
const REQUIRED = "admin:leads.errors.required";
const noteText = z.string({ required_error: REQUIRED }).trim().min(1, REQUIRED).max(5000, "admin:leads.errors.tooLong");

export const LEAD_FORM_SCHEMAS = {
  // Moving to lost asks why; the reason is sent only with lost.
  status: z
    .object({ status: z.enum(LEAD_STATUSES, choice), lostReason: z.string().trim().max(500, "admin:leads.errors.tooLong").optional() })
    .refine((value) => value.status !== "lost" || !!value.lostReason, { message: REQUIRED, path: ["lostReason"] }),
  /** Empty is "nobody". */
  assignee: z.object({ assigneeId: z.number(choice).int(CHOICE).positive(CHOICE).optional() }),
  note: z.object({
    text: z.string({ required_error: "admin:leads.errors.required" }).trim().min(1, "admin:leads.errors.required").max(5000, "admin:leads.errors.tooLong"),
    /** Made with the page (the loader), sent as the API call's Idempotency-Key: the same form sent again is one note. */
    noteKey: z.string().regex(NOTE_KEY).optional(),
  }),
  /** The offer (a value needs its currency) and the follow-up day; an empty field clears it. */
  pipeline: z
    .object({
      offerValue: z.number(choice).int(CHOICE).min(0, CHOICE).max(100_000_000, CHOICE).optional(),
      offerCurrency: z.enum(CURRENCIES, choice).optional(),
      followUpOn: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, CHOICE)
        .optional(),
    })
    .refine((value) => value.offerValue === undefined || value.offerCurrency !== undefined, { message: CHOICE, path: ["offerCurrency"] }),
  noteEdit: z.object({ noteId: z.number(choice).int(CHOICE).positive(CHOICE), text: noteText }),
  // Erasure cannot be undone: the box must be ticked, checked here and again by the action.
  erase: z.object({ confirm: z.literal("on", { errorMap: () => ({ message: "admin:leads.errors.confirm" }) }) }),
} as const;
