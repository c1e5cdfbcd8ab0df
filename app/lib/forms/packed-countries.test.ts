import { expect, test } from "vitest";
import { packCountries, unpackCountries } from "~/lib/forms/packed-countries";

const countries = [
  { code: "TR", name: "Türkiye", dialCode: "+90" },
  { code: "CI", name: 'Côte d\'Ivoire "quoted", | and \n', dialCode: "+225" },
  { code: "AE", name: "الإمارات العربية المتحدة", dialCode: "+971" },
];

test("countries come back as they went, whatever their names hold, as one string of loader data", () => {
  const packed = packCountries(countries);
  expect(typeof packed).toBe("string");
  expect(unpackCountries(packed)).toEqual(countries);
  // The browser decodes a copy of the string: the same list.
  expect(unpackCountries(JSON.parse(JSON.stringify(packed)) as string)).toEqual(countries);
});

test("one list is packed once and unpacked to the same array, so its options are written once", () => {
  const packed = packCountries(countries);
  expect(packCountries(countries)).toBe(packed);
  expect(unpackCountries(packed)).toBe(unpackCountries(packed));
});
