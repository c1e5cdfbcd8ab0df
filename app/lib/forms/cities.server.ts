import type { SubmissionResult } from "@conform-to/react";
import { isSupportedCountry } from "libphonenumber-js/min";
import { getCities, type ContentContext } from "~/lib/api/content.server";
import type { City } from "~/lib/api/contract";
import { DEFAULT_COUNTRY } from "~/lib/forms/schemas";
import type { Lang } from "~/lib/route-table";

export const defaultCities = (context: ContentContext, lang: Lang) => getCities(context, lang, DEFAULT_COUNTRY).catch((): City[] => []);

/**
 * Without JavaScript, "show cities" posts the form: it comes back with the chosen country's cities,
 * every typed value, and no error messages (nothing was sent yet).
 */
export async function answerCitiesIntent(context: ContentContext, formData: FormData, reply: SubmissionResult<string[]>, lang: Lang) {
  if (formData.get("intent") !== "cities") return null;
  const picked = String(formData.get("country") ?? "");
  // Only a country the list offers reaches the API (and the content cache's keys).
  const country = isSupportedCountry(picked) ? picked : DEFAULT_COUNTRY;
  const list = await getCities(context, lang, country).catch((): City[] => []);
  return { result: { ...reply, error: {} }, cities: { country, list } };
}
