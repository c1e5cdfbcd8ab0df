import countries from "i18n-iso-countries";
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { City, Country } from "../app/lib/platform/api/contract";

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

/** The dataset's rows: a city is `[name, countryCode, …]`, a province or region `{ name, countryCode, … }`. */
type CityRow = [string, string, ...unknown[]];
type StateRow = { name: string; countryCode: string };

let namesByCountry: Map<string, string[]> | null = null;

/**
 * Every country's place names, read once from the country-state-city dataset's files. Only the
 * names are kept: the package's own API holds the whole dataset (150,000 cities with coordinates,
 * about 90 MB resident) for the life of the process, which shares it with the site.
 */
function placeNames(): Map<string, string[]> {
  if (namesByCountry) return namesByCountry;
  const read = <T>(file: string) => JSON.parse(readFileSync(require.resolve(`country-state-city/lib/assets/${file}`), "utf8")) as T[];
  const sets = new Map<string, Set<string>>();
  const add = (code: string, name: string) => {
    let set = sets.get(code);
    if (!set) sets.set(code, (set = new Set()));
    set.add(name);
  };
  for (const [name, code] of read<CityRow>("city.json")) add(code, name);
  for (const { name, countryCode } of read<StateRow>("state.json")) add(countryCode, name);
  const collator = new Intl.Collator("en");
  namesByCountry = new Map([...sets].map(([code, names]) => [code, [...names].sort(collator.compare)]));
  return namesByCountry;
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
    cities = (placeNames().get(code) ?? []).map((name, index) => ({ id: index + 1, name, countryCode: code }));
    cityCache.set(code, cities);
  }
  return cities;
}
