import { describe, expect, test } from "vitest";
import { listCities, listCountries, placeName } from "./countries";

const names = (lang: string) => new Map(listCountries(lang).map((c) => [c.code, c.name]));

describe("the lists a visitor picks a country and a town from", () => {
  test("countries go by the names people use, in every language, not the official forms", () => {
    const en = names("en");
    expect(en.get("MK")).toBe("North Macedonia");
    expect(
      [...en.values()].filter((name) => /Republic of North Macedonia|, Republic of|Province of China|Islamic Republic|Russian Federation/.test(name)),
    ).toEqual([]);
    expect([en.get("IR"), en.get("MD"), en.get("RU"), en.get("TW"), en.get("TZ")]).toEqual(["Iran", "Moldova", "Russia", "Taiwan", "Tanzania"]);
    expect(names("ru").get("RU")).toBe("Россия");
    expect(names("fr").get("MK")).toBe("Macédoine du Nord");
    expect(names("tr").get("TR")).toBe("Türkiye");
    expect(names("ar").get("MK")).toBe("مقدونيا الشمالية");
    expect(en.size).toBeGreaterThan(230);
  });

  test("Türkiye's towns are its 81 provinces, without districts", () => {
    const turkey = listCities("TR")!.map((c) => c.name);
    expect(turkey).toHaveLength(81);
    expect(turkey.filter((name) => /İlçesi/.test(name))).toEqual([]);
    expect(turkey).toEqual(expect.arrayContaining(["Istanbul", "Ankara", "İzmir", "Antalya", "Şanlıurfa"]));
  });

  test("a town keeps the id it had before the list hid districts and renamed regions, so a stored lead still names it", () => {
    const id = (code: string, name: string) => listCities(code)!.find((c) => c.name === name)?.id;
    // The ids these places had when the list was the dataset's names in full (6c4dd59).
    expect([id("TR", "Istanbul"), id("TR", "Ankara"), id("GA", "Estuaire"), id("GA", "Libreville")]).toEqual([646, 82, 4, 13]);
  });

  test("a region is named without the English word for what it is: Gabon's Estuaire, not 'Estuaire Province'", () => {
    const gabon = listCities("GA")!.map((c) => c.name);
    expect(gabon).toEqual(expect.arrayContaining(["Estuaire", "Libreville", "Haut-Ogooué"]));
    expect(gabon.filter((name) => / Province$/.test(name))).toEqual([]);
    // Alone, a direction names nothing: "Central Region" keeps its word.
    expect(placeName("Central Region")).toBe("Central Region");
    expect(placeName("Lagos State")).toBe("Lagos");
  });
});
