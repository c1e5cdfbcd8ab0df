/**
 * When something happened, for staff: date and time in their language, on the clinic's clock
 * (Istanbul), whatever the server's or the browser's time zone. Loaders format it, so the server's
 * HTML and the hydrated page agree.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export const CLINIC_TIME_ZONE = "Europe/Istanbul";

export function staffDateTime(lang: string, iso: string): string {
  let format = formatters.get(lang);
  if (!format) formatters.set(lang, (format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: CLINIC_TIME_ZONE })));
  return format.format(new Date(iso));
}

/** The clinic's offset from UTC at an instant, in minutes (Istanbul: +180, all year since 2016). */
function clinicOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: CLINIC_TIME_ZONE, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "";
  const match = /([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** An instant as a `datetime-local` input shows it on the clinic's clock: "2026-11-26T09:30". */
export function clinicDateTimeInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return new Date(at.getTime() + clinicOffsetMinutes(at) * 60_000).toISOString().slice(0, 16);
}

/** What a staff member typed in a `datetime-local` input (the clinic's clock) as an ISO instant with its offset; null if it is no such value. */
export function clinicDateTimeValue(local: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2})?$/.exec(local.trim());
  if (!match) return null;
  const naive = new Date(`${match[1]}:00Z`);
  if (Number.isNaN(naive.getTime()) || naive.toISOString().slice(0, 16) !== match[1]) return null;
  // The offset at the wall-clock time itself, corrected once for an instant across a clock change.
  let offset = clinicOffsetMinutes(naive);
  offset = clinicOffsetMinutes(new Date(naive.getTime() - offset * 60_000));
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${match[1]}:00${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
