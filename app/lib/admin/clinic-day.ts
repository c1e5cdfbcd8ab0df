import { CLINIC_TIME_ZONE } from "~/lib/admin/staff-time";

/** Today on the clinic's calendar, `YYYY-MM-DD`: the day a follow-up date is overdue after. */
export const clinicToday = (now = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_TIME_ZONE }).format(now);

/** A `YYYY-MM-DD` day in the staff language, as the clinic's calendar reads it. */
export const staffDay = (lang: string, day: string) =>
  new Intl.DateTimeFormat(lang === "tr" ? "tr-TR" : "en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
