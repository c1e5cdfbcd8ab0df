import { clinicToday } from "~/lib/admin/clinic-day";

/** The figures page's period from its address: two of the clinic's days, from ≤ to, at most a year apart (as the API takes). */
const DAY = 86_400_000;
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const valid = (d: string) => ISO.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

export interface FiguresPeriod {
  from: string;
  to: string;
  /** What was typed, shown back when it was refused. */
  typed: { from: string; to: string } | null;
}

export function presets(now: number) {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const today = clinicToday(new Date(now));
  return {
    last30: { from: day(Date.parse(today) - 29 * DAY), to: today },
    last90: { from: day(Date.parse(today) - 89 * DAY), to: today },
    thisYear: { from: `${today.slice(0, 4)}-01-01`, to: today },
  };
}

export function figuresPeriod(url: URL, now: number): FiguresPeriod {
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  const fallback = presets(now).last30;
  if (from === null && to === null) return { ...fallback, typed: null };
  const ok = from !== null && to !== null && valid(from) && valid(to) && from <= to && (Date.parse(to) - Date.parse(from)) / DAY < 366;
  return ok ? { from, to, typed: null } : { ...fallback, typed: { from: from ?? "", to: to ?? "" } };
}
