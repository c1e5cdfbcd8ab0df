import type { AppLoadContext } from "@remix-run/node";
import type { StaffLanguage } from "~/lib/platform/api/admin-contract";
import { countryName } from "~/lib/admin/lead-fields.server";
import { getTreatmentOptions } from "~/lib/platform/api/content.server";

/**
 * The owner's figures group by codes and ids (a country's ISO code, a treatment's id): the names a
 * person reads, in the staff member's language. A treatment the list no longer has keeps its id.
 */
export async function figureNames(
  context: AppLoadContext,
  lang: StaffLanguage,
  keys: { countries: readonly string[]; treatments: readonly string[] },
): Promise<{ country: Record<string, string>; treatment: Record<string, string> }> {
  const treatments = keys.treatments.length ? await getTreatmentOptions(context, lang).catch(() => []) : [];
  const byId = new Map(treatments.map((t) => [String(t.id), t.title]));
  return {
    country: Object.fromEntries(keys.countries.filter(Boolean).map((code) => [code, countryName(code, lang)])),
    treatment: Object.fromEntries(keys.treatments.filter((id) => byId.has(id)).map((id) => [id, byId.get(id)!])),
  };
}
