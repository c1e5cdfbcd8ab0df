import { City as CscCity, State as CscState } from "country-state-city";
import countries from "i18n-iso-countries";
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { createRequire } from "node:module";
import type { City, Country } from "../app/lib/api/contract";

// require(): the bundled server keeps packages external, and esbuild drops JSON import attributes.
const require = createRequire(import.meta.url);
for (const lang of ["en", "tr", "ru", "fr", "ar"]) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

const phoneCountries = new Set<string>(getCountries());

/** Every country that has both an ISO name and a dial code; names in the request's language. */
export function listCountries(lang: string): Country[] {
  const names = countries.getNames(lang, { select: "official" });
  const collator = new Intl.Collator(lang);
  return Object.entries(names)
    .filter(([code]) => phoneCountries.has(code))
    .map(([code, name]) => ({ code, name, dialCode: `+${getCountryCallingCode(code as CountryCode)}` }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

const cityCache = new Map<string, City[]>();

/**
 * Cities from the country-state-city dataset, plus its provinces and regions: the dataset keeps
 * some metropolises only as a province (Istanbul is one), and small countries have no city list.
 * The id is the place in the sorted list, stable for the pinned dataset version.
 */
export function listCities(countryCode: string): City[] | null {
  const code = countryCode.toUpperCase();
  if (!phoneCountries.has(code)) return null;
  let cities = cityCache.get(code);
  if (!cities) {
    const names = new Set([
      ...(CscCity.getCitiesOfCountry(code) ?? []).map((c) => c.name),
      ...CscState.getStatesOfCountry(code).map((s) => s.name),
    ]);
    const collator = new Intl.Collator("en");
    cities = [...names].sort(collator.compare).map((name, index) => ({ id: index + 1, name, countryCode: code }));
    cityCache.set(code, cities);
  }
  return cities;
}
