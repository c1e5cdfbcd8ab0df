import type { Lang } from "~/lib/site/route-table";

/**
 * Dates and prices in the page's language. Loaders format them, so the server's and the browser's
 * Intl data can never disagree during hydration.
 */

// Building an Intl formatter costs far more than using one, and list pages format dozens per render.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = make()));
  return found as T;
}

/** A calendar date (the API sends midnight UTC or a plain YYYY-MM-DD), the same day in every time zone. */
export function formatDate(lang: Lang, date: string): string {
  return formatter(`date:${lang}`, () => new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" })).format(new Date(date));
}

/** Whole amounts read best in prices; cents appear only when the API sends them. */
export function formatPrice(lang: Lang, amount: number, currency: string): string {
  const cents = Number.isInteger(amount) ? 0 : 2;
  return formatter(
    `price:${lang}:${currency}:${cents}`,
    () => new Intl.NumberFormat(lang, { style: "currency", currency, minimumFractionDigits: cents, maximumFractionDigits: 2 }),
  ).format(amount);
}

/** A weekday's name in the page's language; 0 is Monday. */
export function weekdayName(lang: string, index: number): string {
  return formatter(`weekday:${lang}`, () => new Intl.DateTimeFormat(lang, { weekday: "long", timeZone: "UTC" })).format(new Date(Date.UTC(2024, 0, 1 + index)));
}

/** The date part (YYYY-MM-DD) of an ISO date or date-time, for <time dateTime>. */
export const isoDay = (date: string) => new Date(date).toISOString().slice(0, 10);
