import { getCities, getInstitutionTypes, getTreatmentOptions, type ContentContext } from "~/lib/platform/api/content.server";
import type { Lang } from "~/lib/site/route-table";

export interface Picks {
  treatment?: number;
  institutionType?: number;
  country?: string;
  city?: number;
}

/** Ids from a list, or null when the API cannot be read now. */
const idsOf = (read: Promise<{ id: number }[]>) => read.then((list) => new Set(list.map((item) => item.id))).catch(() => null);

/**
 * Ids the visitor could not have picked from the form's lists (a forged or stale post): each such
 * field gets the "choice" message, so the lead never carries an id the provider does not have.
 * When a list cannot be read (the API is down and nothing is cached) the id is let through: the
 * outbox delivers later and the API checks it then, which beats losing the lead.
 */
export async function unknownChoices(context: ContentContext, lang: Lang, picks: Picks): Promise<Record<string, string[]> | null> {
  const checks: [keyof Picks, number | undefined, () => Promise<Set<number> | null>][] = [
    ["treatment", picks.treatment, () => idsOf(getTreatmentOptions(context, lang))],
    ["institutionType", picks.institutionType, () => idsOf(getInstitutionTypes(context, lang))],
    ["city", picks.city, () => idsOf(getCities(context, lang, picks.country ?? ""))],
  ];
  const errors: Record<string, string[]> = {};
  await Promise.all(
    checks.map(async ([field, id, read]) => {
      if (id === undefined) return;
      const known = await read();
      if (known && !known.has(id)) errors[field] = ["choice"];
    }),
  );
  return Object.keys(errors).length ? errors : null;
}
