import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getCities } from "~/lib/api/content.server";
import { isNotFound } from "~/lib/api/errors";

/** Resource route: the cities of a country, for the offer and registration forms' city choice. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const country = params.country?.toUpperCase() ?? "";
  if (!/^[A-Z]{2}$/.test(country)) return json([], { status: 404 });
  try {
    const cities = await getCities(context, "en", country);
    return json(cities, { headers: { "Cache-Control": "public, max-age=86400" } });
  } catch (error) {
    return json([], { status: isNotFound(error) ? 404 : 503 });
  }
}
