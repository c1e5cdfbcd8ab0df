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
