/** A duration in the largest whole unit that fits ("3 min", "2 h"): how long the oldest lead has waited. */
export type AgeUnit = "seconds" | "minutes" | "hours" | "days";

export function ageParts(seconds: number): { unit: AgeUnit; count: number } {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { unit: "seconds", count: s };
  if (s < 3600) return { unit: "minutes", count: Math.floor(s / 60) };
  if (s < 86_400) return { unit: "hours", count: Math.floor(s / 3600) };
  return { unit: "days", count: Math.floor(s / 86_400) };
}
