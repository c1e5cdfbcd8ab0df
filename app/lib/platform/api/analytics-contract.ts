/**
 * The API's part in first-party analytics (docs/api-contract.md, "Analytics"; ADR 050): the site
 * posts the page views it accepted in batches with its client token, and staff read the active
 * users of a period. Nothing here is an IP address, a form value or a query string value beyond UTM.
 */
import { z } from "zod";
import { itemOf, LanguageCodeSchema, VisitorIdSchema } from "./contract";
import { LEAD_KINDS } from "./lead-kinds";

export { VisitorIdSchema };

/** At most this many events in one POST analytics/events. */
export const ANALYTICS_BATCH_MAX = 100;
export const DEVICE_CLASSES = ["desktop", "mobile", "tablet", "other"] as const;
export const SCREEN_CLASSES = ["small", "medium", "large"] as const;

/** A browser tab's random id (sessionStorage); none without JavaScript. */
export const VisitIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,40}$/)
  .nullable();
/** A host name, lower case: the referrer's domain, never its path. */
const DomainSchema = z
  .string()
  .max(253)
  .regex(/^[a-z0-9.-]+$/);
const UtmSchema = z.string().min(1).max(100).nullable();

export const AnalyticsEventSchema = z.object({
  visitorId: VisitorIdSchema,
  visitId: VisitIdSchema,
  /** When the site accepted it (ISO, UTC). */
  at: z.string().datetime(),
  /** The page's path, without its query string. */
  path: z.string().startsWith("/").max(300),
  lang: LanguageCodeSchema,
  referrer: DomainSchema.nullable(),
  utmSource: UtmSchema,
  utmMedium: UtmSchema,
  utmCampaign: UtmSchema,
  device: z.enum(DEVICE_CLASSES),
  /** bowser's browser family ("Chrome", "Safari"…), "Other" when it knows none. */
  browser: z.string().min(1).max(40),
  screen: z.enum(SCREEN_CLASSES).nullable(),
  /** The kind of lead form the page carries, if any: a view of that form (ADR 054). Absent: none. */
  form: z.enum(LEAD_KINDS).nullish(),
  /** `form: builtForm`: which built form the page shows (ADR 065), each its own funnel. */
  formId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31)
    .nullish(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** POST analytics/events (client token). */
export const AnalyticsBatchSchema = z.object({ events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX) });
/** How many were stored, and how many refused because the day's cap (ANALYTICS_MAX_EVENTS_PER_DAY) was reached. */
export const AnalyticsBatchResultSchema = itemOf(z.object({ accepted: z.number().int(), refused: z.number().int() }));

const CountSchema = z.object({ key: z.string(), views: z.number().int() });
export type AnalyticsCount = z.infer<typeof CountSchema>;

/** GET admin/analytics/active-users?from=&to= (read:dashboard): clinic days, at most a year. */
export const ActiveUsersSchema = itemOf(
  z.object({
    /** Distinct visitors in the last 5 minutes. */
    now: z.number().int(),
    /** Distinct visitors on the clinic's today. */
    today: z.number().int(),
    /** Distinct visitors and views over the whole period. */
    visitors: z.number().int(),
    views: z.number().int(),
    /** Per clinic day: distinct visitors that day, in the 7 and the 30 days ending that day, and views. */
    days: z.array(z.object({ day: z.string(), dau: z.number().int(), wau: z.number().int(), mau: z.number().int(), views: z.number().int() })),
    byLanguage: z.array(CountSchema),
    topPages: z.array(CountSchema),
    entryPages: z.array(CountSchema),
    referrers: z.array(CountSchema),
    campaigns: z.array(CountSchema),
    devices: z.array(CountSchema),
    browsers: z.array(CountSchema),
  }),
);
export type ActiveUsers = z.infer<typeof ActiveUsersSchema>["result"];
