import countries from "i18n-iso-countries";
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { City, Country } from "../app/lib/platform/api/contract";

// require(): the bundled server keeps packages external, and esbuild drops JSON import attributes.
const require = createRequire(import.meta.url);
for (const lang of ["en", "tr", "ru", "fr", "ar"]) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));

const phoneCountries = new Set<string>(getCountries());

/**
 * Every country that has both an ISO name and a dial code, named in the request's language as
 * people call it: CLDR's names (the runtime's ICU, what browsers and phones show), "North Macedonia",
 * "Iran", "Moldova", "Россия", not the official forms i18n-iso-countries lists first ("The Republic
 * of North Macedonia", "Moldova, Republic of"). i18n-iso-countries names any code ICU does not.
 */
export function listCountries(lang: string): Country[] {
  const codes = Object.keys(countries.getNames(lang));
  const cldr = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
  const collator = new Intl.Collator(lang);
  return codes
    .filter((code) => phoneCountries.has(code))
    .map((code) => ({
      code,
      name: cldr.of(code) ?? countries.getName(code, lang, { select: "alias" }) ?? code,
      dialCode: `+${getCountryCallingCode(code as CountryCode)}`,
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The dataset's rows: a city is `[name, countryCode, …]`, a province or region `{ name, countryCode, … }`. */
type CityRow = [string, string, ...unknown[]];
type StateRow = { name: string; countryCode: string };

/** A country's places in the dataset's sorted order (their ids), each with the name shown and whether it is shown. */
interface Place {
  id: number;
  name: string;
  shown: boolean;
}
let placesByCountry: Map<string, Place[]> | null = null;

/**
 * Countries whose towns are named by their province: in Türkiye an address's city is one of the
 * 81 provinces (il); the dataset's towns there are districts (ilçe), many named "… İlçesi", which
 * are not what a visitor writes as their city.
 */
const PROVINCES_ONLY = new Set(["TR"]);

/** English words the dataset appends to a region's name ("Estuaire Province"), which would show in every language. */
const DIVISION_WORD = / (Province|Region|Governorate|Department|Prefecture|County|District|Municipality|State)$/;
/** A name that is only a direction or a rank without its word ("Central Region") keeps it: alone it names nothing. */
const GENERIC = /^(North|South|East|West|Central|Northern|Southern|Eastern|Western|Upper|Lower|Capital|Greater|Federal|Special|Middle|Inner|Outer)\b/i;

/** A province's or region's name without the English word for what it is, as a town list shows it in any language. */
export function placeName(name: string): string {
  const bare = name.replace(DIVISION_WORD, "");
  return bare !== name && bare.length > 1 && !GENERIC.test(bare) ? bare : name;
}

/**
 * Every country's place names, read once from the country-state-city dataset's files. Only the
 * names are kept: the package's own API holds the whole dataset (150,000 cities with coordinates,
 * about 90 MB resident) for the life of the process, which shares it with the site.
 */
function places(): Map<string, Place[]> {
  if (placesByCountry) return placesByCountry;
  const read = <T>(file: string) => JSON.parse(readFileSync(require.resolve(`country-state-city/lib/assets/${file}`), "utf8")) as T[];
  const sets = new Map<string, Set<string>>();
  const provinces = new Set<string>();
  const add = (code: string, name: string) => {
    let set = sets.get(code);
    if (!set) sets.set(code, (set = new Set()));
    set.add(name);
  };
  for (const [name, code] of read<CityRow>("city.json")) add(code, name);
  for (const { name, countryCode } of read<StateRow>("state.json")) {
    add(countryCode, name);
    provinces.add(`${countryCode}:${name}`);
  }
  // Ids are positions in the dataset's own names, sorted, as they always were: a lead stored with
  // a town keeps naming that town although the list now hides some places and renames others.
  const collator = new Intl.Collator("en");
  placesByCountry = new Map(
    [...sets].map(([code, names]) => {
      const seen = new Set<string>();
      const list = [...names].sort(collator.compare).map((raw, index) => {
        const name = provinces.has(`${code}:${raw}`) ? placeName(raw) : raw;
        const shown = (!PROVINCES_ONLY.has(code) || provinces.has(`${code}:${raw}`)) && !seen.has(name);
        if (shown) seen.add(name);
        return { id: index + 1, name, shown };
      });
      return [code, list];
    }),
  );
  return placesByCountry;
}

const cityCache = new Map<string, City[]>();

/**
 * Cities from the country-state-city dataset, plus its provinces and regions (named without an
 * English "Province" or "Region"): the dataset keeps some metropolises only as a province (Istanbul
 * is one), and small countries have no city list; Türkiye's are its 81 provinces alone.
 * The id is the place's position in the dataset's sorted names, stable for the pinned dataset
 * version: hiding Türkiye's districts and renaming regions left every id as it was.
 */
export function listCities(countryCode: string): City[] | null {
  const code = countryCode.toUpperCase();
  if (!phoneCountries.has(code)) return null;
  let cities = cityCache.get(code);
  if (!cities) {
    cities = (places().get(code) ?? []).filter((place) => place.shown).map(({ id, name }) => ({ id, name, countryCode: code }));
    cityCache.set(code, cities);
  }
  return cities;
}
