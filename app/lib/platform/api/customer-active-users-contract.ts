/**
 * Customer active users (docs/api-contract.md, "Analytics"; ADR 055): the visitors who sent a lead in
 * a period, as the API links them (the lead's `visitorId`, only with analytics consent), and what each
 * did on the site before and after it.
 */
import { z } from "zod";
import { itemOf, LANGUAGE_CODES } from "./contract";

/** At most this many leads are listed, newest first; the counts cover the whole period. */
export const CUSTOMER_LIST_MAX = 100;

const KeyCountSchema = z.object({ key: z.string(), visitors: z.number().int() });
const ActivitySchema = z.object({ visits: z.number().int(), views: z.number().int() });

export const CustomerActiveUserSchema = z.object({
  leadId: z.number().int(),
  /** When the API received the lead (ISO): "before" and "after" are split at this moment. */
  leadAt: z.string(),
  /** The lead's kind, one of admin-contract's LEAD_KINDS (that module imports this one). */
  kind: z.string(),
  language: z.enum(LANGUAGE_CODES),
  /** The patient the lead belongs to (ADR 048); null if the lead is in none. */
  patient: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The visitor's first page view still kept (ISO), none when every view is past retention. */
  firstSeen: z.string().nullable(),
  /** Visits begun and pages viewed before the lead, and after it. */
  before: ActivitySchema,
  after: ActivitySchema,
  /** The first visit's entry page, referring site and campaign (source / medium / campaign). */
  entryPage: z.string().nullable(),
  referrer: z.string().nullable(),
  campaign: z.string().nullable(),
  /** Clinic days from the first view to the lead (0: the same day). */
  daysToLead: z.number().int().nullable(),
});
export type CustomerActiveUser = z.infer<typeof CustomerActiveUserSchema>;

/** GET admin/analytics/customer-active-users?from=&to= (read:dashboard): clinic days, at most a year. */
export const CustomerActiveUsersSchema = itemOf(
  z.object({
    from: z.string(),
    to: z.string(),
    /** Distinct visitors who sent a lead in the period, and the leads they sent. */
    visitors: z.number().int(),
    leads: z.number().int(),
    /** Per clinic day of the period: distinct visitors who sent a lead that day. */
    days: z.array(z.object({ day: z.string(), visitors: z.number().int() })),
    /** Distinct visitors per lead language and per form kind. */
    byLanguage: z.array(KeyCountSchema),
    byKind: z.array(KeyCountSchema),
    /** The period's linked leads, newest first, at most CUSTOMER_LIST_MAX. */
    customers: z.array(CustomerActiveUserSchema),
  }),
);
export type CustomerActiveUsers = z.infer<typeof CustomerActiveUsersSchema>["result"];
