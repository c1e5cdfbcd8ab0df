import { z } from "zod";
import { LEAD_STATUSES, NOTE_KEY } from "~/lib/platform/api/admin-contract";

/**
 * The lead page's forms, one schema each, used by the action and by the forms' own checks. Each
 * form posts to `?intent=…`, so the action knows which permission to ask for before it reads the body
 * (the lead page's `post` in ADMIN_PAGES, app/route-patterns.js).
 */
export const LEAD_INTENTS = ["status", "assignee", "note", "erase"] as const;
export const LeadIntentSchema = z.enum(LEAD_INTENTS);
export type LeadIntent = z.infer<typeof LeadIntentSchema>;

const CHOICE = "admin:leads.errors.choice";
const choice = { errorMap: () => ({ message: CHOICE }) };

export const LEAD_FORM_SCHEMAS = {
  status: z.object({ status: z.enum(LEAD_STATUSES, choice) }),
  /** Empty is "nobody". */
  assignee: z.object({ assigneeId: z.number(choice).int(CHOICE).positive(CHOICE).optional() }),
  note: z.object({
    text: z.string({ required_error: "admin:leads.errors.required" }).trim().min(1, "admin:leads.errors.required").max(5000, "admin:leads.errors.tooLong"),
    /** Made with the page (the loader), sent as the API call's Idempotency-Key: the same form sent again is one note. */
    noteKey: z.string().regex(NOTE_KEY).optional(),
  }),
  // Erasure cannot be undone: the box must be ticked, checked here and again by the action.
  erase: z.object({ confirm: z.literal("on", { errorMap: () => ({ message: "admin:leads.errors.confirm" }) }) }),
} as const;
