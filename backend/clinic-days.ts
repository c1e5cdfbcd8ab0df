import { z } from "zod";
import { CLINIC_TIME_ZONE, clinicDateTimeValue } from "../app/lib/admin/staff-time";

/**
 * Days as the clinic counts them (Istanbul), for figures staff read by day: a lead that arrives at
 * 01:00 in Istanbul belongs to that day, not to the UTC day before, as the screens' times say.
 */
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TIME_ZONE });

/** The clinic's day (`YYYY-MM-DD`) of an instant. */
export const clinicDayOf = (at: number | string) => dayFormat.format(new Date(at));

/** The instant (ISO, UTC) the clinic's day begins. */
export const clinicDayStart = (day: string) => clinicDateTimeValue(`${day}T00:00`) ?? `${day}T00:00:00.000Z`;

/** The day after a `YYYY-MM-DD` day. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A day `n` days before (negative: after) a `YYYY-MM-DD` day. */
export const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A figures page's period is at most a year: its figures are summed per request, so their cost stays bounded. */
const MAX_PERIOD_DAYS = 366;
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** `from` and `to`, two of the clinic's days, both included, from ≤ to, at most MAX_PERIOD_DAYS apart. */
export const PeriodQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_PERIOD_DAYS, { message: "period" });
