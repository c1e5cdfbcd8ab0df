import { describe, expect, test } from "vitest";
import { exactMatch, fold, search } from "~/lib/forms/text-search";

const countries = [
  { label: "Côte d’Ivoire", dialCode: "+225" },
  { label: "France", dialCode: "+33" },
  { label: "French Guiana", dialCode: "+594" },
  { label: "Jersey", dialCode: "+44" },
  { label: "Saint Pierre and Miquelon", dialCode: "+508" },
  { label: "Türkiye", text: "\u2066+90\u2069 Türkiye", dialCode: "+90" },
  { label: "United Kingdom", dialCode: "+44" },
];

describe("search", () => {
  test("ignores accents, case and the Turkish dotted and dotless i", () => {
    expect(fold("İSTANBUL")).toBe("istanbul");
    expect(fold("Diyarbakır")).toBe("diyarbakir");
    expect(search(countries, "turkiye").map((c) => c.label)).toEqual(["Türkiye"]);
    expect(search(countries, "COTE").map((c) => c.label)).toEqual(["Côte d’Ivoire"]);
  });

  test("folds Cyrillic case, Arabic marks, tatweel and hamza forms, and French ligatures", () => {
    expect(fold("ОЛЬГА")).toBe(fold("ольга"));
    expect(fold("مُحَمَّد")).toBe("محمد");
    expect(fold("أحمد")).toBe("احمد");
    expect(fold("إسـراء")).toBe("اسراء");
    expect(fold("Œuvre")).toBe("oeuvre");
  });

  test("puts the name itself first, then names that start with the term, then names that contain it", () => {
    const towns = [{ label: "Parigné" }, { label: "Parigny" }, { label: "Paris" }];
    expect(search(towns, "paris").map((c) => c.label)).toEqual(["Paris"]);
    expect(search([...towns, { label: "Paris-l'Hôpital" }], "paris").map((c) => c.label)).toEqual(["Paris", "Paris-l'Hôpital"]);
    expect(search(countries, "fr").map((c) => c.label)).toEqual(["France", "French Guiana"]);
    expect(search(countries, "pi").map((c) => c.label)).toEqual(["Saint Pierre and Miquelon"]);
    expect(search(countries, "king").map((c) => c.label)).toEqual(["United Kingdom"]);
    expect(search(countries, "rse").map((c) => c.label)).toEqual(["Jersey"]);
  });

  test("finds dial codes with or without the plus, exact codes first", () => {
    expect(search(countries, "+90").map((c) => c.label)).toEqual(["Türkiye"]);
    expect(search(countries, "44").map((c) => c.label)).toEqual(["Jersey", "United Kingdom"]);
    expect(search(countries, "5").map((c) => c.label)).toEqual(["French Guiana", "Saint Pierre and Miquelon"]);
  });

  test("an empty term lists everything and an unknown one nothing", () => {
    expect(search(countries, "  ")).toHaveLength(countries.length);
    expect(search(countries, "atlantis")).toEqual([]);
  });

  test("an exact match reads the name or the shown text", () => {
    expect(exactMatch(countries, "france")?.label).toBe("France");
    expect(exactMatch(countries, "+90 turkiye")?.label).toBe("Türkiye");
    expect(exactMatch(countries, "fran")).toBeUndefined();
  });
});
