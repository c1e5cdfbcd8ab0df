import type { Country } from "~/lib/platform/api/contract";

/** A language's countries in loader data: `[code, name, dial code]` triples as one JSON string. */
export type PackedCountries = string;

const packed = new WeakMap<readonly Country[], PackedCountries>();

/**
 * The form pages' 250 countries travel as one string, not as 250 objects: single fetch's
 * turbo-stream encodes an object field by field (a tenth of the offer form's render), and the
 * browser decoded them all again while hydrating. A list the content cache holds is packed once.
 */
export function packCountries(countries: readonly Country[]): PackedCountries {
  let found = packed.get(countries);
  if (!found) packed.set(countries, (found = JSON.stringify(countries.map((c) => [c.code, c.name, c.dialCode]))));
  return found;
}

/** Five languages, and a fallback list for each when the API is down. */
const MAX_LISTS = 16;
const unpacked = new Map<PackedCountries, Country[]>();

/**
 * The countries again, the same array for the same string: a render unpacks on every request, and
 * the browser's combobox options are worked out once per array (useMemo).
 */
export function unpackCountries(list: PackedCountries): Country[] {
  let found = unpacked.get(list);
  if (!found) {
    found = (JSON.parse(list) as [string, string, string][]).map(([code, name, dialCode]) => ({ code, name, dialCode }));
    if (unpacked.size >= MAX_LISTS) unpacked.delete(unpacked.keys().next().value as PackedCountries);
    unpacked.set(list, found);
  }
  return found;
}
