import type { AppLoadContext } from "@remix-run/node";
import { isSupportedCountry } from "libphonenumber-js/min";
import { getCities, type ContentContext } from "~/lib/api/content.server";
import type { City } from "~/lib/api/contract";
import { DEFAULT_COUNTRY } from "~/lib/forms/choices";
import type { Lang } from "~/lib/route-table";

type CitiesContext = ContentContext & Pick<AppLoadContext, "htmlOnly">;

const citiesOf = (context: ContentContext, lang: Lang, country: string) => getCities(context, lang, country).catch((): City[] => []);

/**
 * The city select's options for the page's HTML: Türkiye's, unless "show cities" (the action, which
 * runs first) already picked a country. Left out of the loader data: the browser reads them back
 * from the rendered select, and the 1,300 towns decoded twice were the form's long hydration task.
 */
export async function citiesForHtml(context: CitiesContext, lang: Lang) {
  if (context.htmlOnly.cities) return;
  const list = await citiesOf(context, lang, DEFAULT_COUNTRY);
  context.htmlOnly.cities ??= { country: DEFAULT_COUNTRY, list };
}

/**
 * A posted form that comes back (with errors, or for "show cities") lists the cities of the country
 * the visitor chose, so the city they picked from that list is still there.
 */
export async function keepPostedCountryCities(context: CitiesContext, formData: FormData, lang: Lang) {
  const picked = formData.get("country");
  if (typeof picked !== "string" || !picked) return;
  // Only a country the list offers reaches the API (and the content cache's keys).
  const country = isSupportedCountry(picked) ? picked : DEFAULT_COUNTRY;
  context.htmlOnly.cities = { country, list: await citiesOf(context, lang, country) };
}
