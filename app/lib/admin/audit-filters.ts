import { listSearch } from "~/lib/admin/lead-filters";
import { clinicDateTimeValue } from "~/lib/admin/staff-time";

/** What the log can be narrowed to: groups of actions, by the prefix the API matches. */
export const AUDIT_GROUPS = {
  signIns: "sign-in",
  sessions: "session.",
  leads: "lead.",
  delivery: "outbox.",
  content: "content.",
  images: "image.",
  users: "user.",
  settings: "settings.",
} as const;
export type AuditGroup = keyof typeof AUDIT_GROUPS;

/** The filters as the address carries them (`?who=3&what=leads&from=2026-11-01&to=2026-11-28&page=2`). */
export interface AuditFilters {
  who?: string;
  what?: AuditGroup;
  from?: string;
  to?: string;
}

export const AUDIT_FILTER_KEYS = ["who", "what", "from", "to"] as const;

/** A calendar day that exists (2026-02-31 does not). */
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The next calendar day of a valid one. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The filters and page of the address, each checked; what does not hold (an unknown group, a day
 * that does not exist, a page that is no number) is left out and named in `ignored`, so the page
 * says so instead of quietly showing everything.
 */
export function readAuditFilters(params: URLSearchParams): { filters: AuditFilters; page: number; ignored: string[] } {
  const filters: AuditFilters = {};
  const ignored: string[] = [];
  const value = (key: string) => params.get(key)?.trim() ?? "";
  const who = value("who");
  if (who && /^\d{1,9}$/.test(who) && Number(who) > 0) filters.who = who;
  else if (who) ignored.push("who");
  const what = value("what");
  if (what && Object.hasOwn(AUDIT_GROUPS, what)) filters.what = what as AuditGroup;
  else if (what) ignored.push("what");
  for (const key of ["from", "to"] as const) {
    const day = value(key);
    if (day && isDay(day)) filters[key] = day;
    else if (day) ignored.push(key);
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    ignored.push("to");
    delete filters.to;
  }
  const rawPage = value("page");
  let page = 1;
  if (rawPage) {
    if (/^\d{1,5}$/.test(rawPage) && Number(rawPage) >= 1) page = Number(rawPage);
    else ignored.push("page");
  }
  return { filters, page, ignored };
}

/** The API's query for the filters: days are the clinic's (Istanbul), `to` included. */
export function auditQuery(filters: AuditFilters): { actorId?: number; action?: string; since?: string; before?: string } {
  return {
    ...(filters.who ? { actorId: Number(filters.who) } : {}),
    ...(filters.what ? { action: AUDIT_GROUPS[filters.what] } : {}),
    ...(filters.from ? { since: clinicDateTimeValue(`${filters.from}T00:00`) ?? undefined } : {}),
    ...(filters.to ? { before: clinicDateTimeValue(`${nextDay(filters.to)}T00:00`) ?? undefined } : {}),
  };
}

/** `?who=3&page=2`: an address of the log (or its export) with these filters; page 1 is left out. */
export const auditSearch = (filters: AuditFilters, page = 1) => listSearch(AUDIT_FILTER_KEYS, filters as Record<string, string>, "page", page);
