import type { AppLoadContext } from "@remix-run/node";
import type { LeadRefs } from "~/lib/admin/lead-fields.server";
import type { LeadDetail, StaffLanguage } from "~/lib/platform/api/admin-contract";
import { getCities, getInstitutionTypes, getTreatmentOptions } from "~/lib/platform/api/content.server";
import { POSITIONS } from "~/lib/forms/choices";
import i18next from "~/lib/render/i18next.server";

/*
 * A lead stores ids for what the visitor chose from a list (city, treatment, institution type).
 * Their names come from the public API through the content cache; when it cannot answer, the page
 * shows the id alone rather than failing.
 */

type Fields = LeadDetail["fields"];
const num = (value: Fields[string]) => (typeof value === "number" ? value : undefined);

async function cityOf(context: AppLoadContext, lang: StaffLanguage, country: Fields[string], id: number | undefined) {
  if (typeof country !== "string" || id === undefined) return undefined;
  const cities = await getCities(context, lang, country).catch(() => []);
  return cities.find((c) => c.id === id)?.name;
}

export async function leadRefs(context: AppLoadContext, lang: StaffLanguage, fields: Fields): Promise<LeadRefs> {
  const treatmentId = num(fields.treatmentId);
  const typeId = num(fields.institutionTypeId);
  const [city, treatment, institutionType] = await Promise.all([
    cityOf(context, lang, fields.countryCode, num(fields.cityId)),
    treatmentId === undefined
      ? undefined
      : getTreatmentOptions(context, lang).then(
          (all) => all.find((t) => t.id === treatmentId)?.title,
          () => undefined,
        ),
    typeId === undefined
      ? undefined
      : getInstitutionTypes(context, lang).then(
          (all) => all.find((t) => t.id === typeId)?.name,
          () => undefined,
        ),
  ]);
  return { city, treatment, institutionType, position: await positionName(lang, fields.position) };
}

/**
 * A job applicant's position in the staff member's language. The site sends the API the
 * position's English name (routes/career.tsx), so it is known again by that name; a position
 * named otherwise (sent by another client) stays as it came.
 */
async function positionName(lang: StaffLanguage, sent: Fields[string]): Promise<string | undefined> {
  if (typeof sent !== "string") return undefined;
  const [en, own] = await Promise.all([i18next.getFixedT("en", "common"), i18next.getFixedT(lang, "common")]);
  const key = POSITIONS.find((position) => en(`career.positions.${position}`) === sent);
  return key ? own(`career.positions.${key}`) : undefined;
}

/** The names the export writes for ids, in the staff member's language; undefined when not known. */
export interface ExportNames {
  city(countryCode: string, cityId: number): string | undefined;
  treatment(id: number): string | undefined;
  institutionType(id: number): string | undefined;
  position(sent: string): string | undefined;
}

/** Looks up, once per export, every list its leads chose from (each country's cities only once). */
export async function exportNames(context: AppLoadContext, lang: StaffLanguage, leads: readonly LeadDetail[]): Promise<ExportNames> {
  const countries = new Set(
    leads.flatMap((l) => (typeof l.fields.countryCode === "string" && typeof l.fields.cityId === "number" ? [l.fields.countryCode] : [])),
  );
  const cities = new Map<string, string>();
  const [treatments, types, positions] = await Promise.all([
    getTreatmentOptions(context, lang).catch(() => []),
    getInstitutionTypes(context, lang).catch(() => []),
    Promise.all(
      [...new Set(leads.flatMap((l) => (typeof l.fields.position === "string" ? [l.fields.position] : [])))].map(
        async (sent) => [sent, await positionName(lang, sent)] as const,
      ),
    ),
    Promise.all(
      [...countries].map(async (country) => {
        for (const city of await getCities(context, lang, country).catch(() => [])) cities.set(`${country}:${city.id}`, city.name);
      }),
    ),
  ]);
  const positionNames = new Map(positions);
  return {
    city: (country, id) => cities.get(`${country}:${id}`),
    treatment: (id) => treatments.find((t) => t.id === id)?.title,
    institutionType: (id) => types.find((t) => t.id === id)?.name,
    position: (sent) => positionNames.get(sent),
  };
}
