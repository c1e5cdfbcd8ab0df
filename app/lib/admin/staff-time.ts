/**
 * When something happened, for staff: date and time in their language, on the clinic's clock
 * (Istanbul), whatever the server's or the browser's time zone. Loaders format it, so the server's
 * HTML and the hydrated page agree.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export const CLINIC_TIME_ZONE = "Europe/Istanbul";

/** `seconds` for a moment that is seconds away (until when a sign-in is held back). */
export function staffDateTime(lang: string, iso: string, { seconds = false } = {}): string {
  const key = seconds ? `${lang}:s` : lang;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: seconds ? "medium" : "short", timeZone: CLINIC_TIME_ZONE });
    formatters.set(key, format);
  }
  return format.format(new Date(iso));
}

/** The clinic's offset from UTC at an instant, in minutes (Istanbul: +180, all year since 2016). */
function clinicOffsetMinutes(at: Date): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: CLINIC_TIME_ZONE, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")
      ?.value ?? "";
  const match = /([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** An instant on the clinic's clock with its offset, for exports: "2026-11-26T09:30:00+03:00". */
export function clinicIsoDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const offset = clinicOffsetMinutes(at);
  const local = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  return `${local}${offset < 0 ? "-" : "+"}${hours}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
}

/** An instant as a `datetime-local` input shows it on the clinic's clock: "2026-11-26T09:30" (with its seconds, if it has any). */
export function clinicDateTimeInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const local = new Date(at.getTime() + clinicOffsetMinutes(at) * 60_000).toISOString();
  return local.slice(0, local.slice(17, 19) === "00" ? 16 : 19);
}

/**
 * What a staff member typed in a `datetime-local` input (the clinic's clock) as an ISO instant in
 * UTC, written as the API writes its own ("2025-09-15T00:00:00.000Z"), so a time saved unchanged
 * reads as unchanged; null if it is no such value.
 */
export function clinicDateTimeValue(local: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const naive = new Date(`${match[1]}:${match[2] ?? "00"}Z`);
  if (Number.isNaN(naive.getTime()) || naive.toISOString().slice(0, 16) !== match[1]) return null;
  // The offset at the wall-clock time itself, corrected once for an instant across a clock change.
  let offset = clinicOffsetMinutes(naive);
  offset = clinicOffsetMinutes(new Date(naive.getTime() - offset * 60_000));
  return new Date(naive.getTime() - offset * 60_000).toISOString();
}
