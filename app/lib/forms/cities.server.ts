import { isSupportedCountry } from "libphonenumber-js/min";
import { citiesKey, getCities, type ContentContext } from "~/lib/platform/api/content.server";
import type { City } from "~/lib/platform/api/contract";
import type { ContentReads } from "~/lib/platform/cache.server";
import { DEFAULT_COUNTRY } from "~/lib/forms/choices";
import type { HtmlOnly } from "~/lib/render/html-only";
import type { Lang } from "~/lib/site/route-table";

/** The country whose towns a form shows: the one picked when the list offers it, else Türkiye. */
const shownCountry = (picked: string | null | undefined) => (picked && isSupportedCountry(picked) ? picked : DEFAULT_COUNTRY);

const readCities = (context: ContentContext, lang: Lang, country: string) => getCities(context, lang, country).catch((): City[] => []);

/*
 * The city select's options are in the page's HTML only: the browser reads them back from the
 * rendered select, and the 1,300 towns (Türkiye's, with its districts then) decoded twice were the form's long hydration task. So a
 * loader or action reads the towns a page may show, and the render looks them up in what the
 * request read (`htmlCities`, which entry.server provides): nothing is left in the context for it.
 */

/** The towns of the country a form starts at (Türkiye unless the page says), shown unless "show cities" (the action, which runs first) picked another. */
export async function citiesForHtml(context: ContentContext, lang: Lang, country = DEFAULT_COUNTRY) {
  await readCities(context, lang, shownCountry(country));
}

/**
 * A posted form that comes back (with errors, or for "show cities") lists the cities of the country
 * the visitor chose, so the city they picked from that list is still there.
 */
export async function keepPostedCountryCities(context: ContentContext, formData: FormData, lang: Lang) {
  const picked = formData.get("country");
  if (typeof picked !== "string" || !picked) return;
  // Only a country the list offers reaches the API (and the content cache's keys).
  await readCities(context, lang, shownCountry(picked));
}

/** The render's lookup (html-only.tsx): a country's towns as this request read them, none when the read failed. */
export function htmlCities(content: Pick<ContentReads, "answered">, lang: string): NonNullable<HtmlOnly["cities"]> {
  return (picked) => {
    const country = shownCountry(picked);
    return { country, list: content.answered<City[]>(citiesKey(lang, country)) ?? [] };
  };
}
