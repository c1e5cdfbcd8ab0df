import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { isNotFound } from "~/lib/platform/api/errors";
import { defaultLanguage, isLang } from "~/lib/site/route-table";
import { getCities } from "./cities.server";

/**
 * Resource route: the cities of a country, for the offer and registration forms' city choice, in
 * the form's language (`?lang=`), as the server lists them in the page without JavaScript.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const country = params.country?.toUpperCase() ?? "";
  if (!/^[A-Z]{2}$/.test(country)) return Response.json([], { status: 404 });
  const asked = new URL(request.url).searchParams.get("lang");
  const lang = isLang(asked) ? asked : defaultLanguage;
  try {
    const cities = await getCities(context, lang, country);
    return Response.json(cities, { headers: { "Cache-Control": "public, max-age=86400" } });
  } catch (error) {
    return Response.json([], { status: isNotFound(error) ? 404 : 503 });
  }
}

// A data request (`/cities/TR.data`, single fetch) gets the same day-long caching; the form's own
// list is a plain request (components/form/use-cities.ts).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
