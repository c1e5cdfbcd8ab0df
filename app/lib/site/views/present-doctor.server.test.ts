import { describe, expect, test } from "vitest";
import type { Doctor } from "~/lib/platform/api/contract";
import { itemListJsonLd } from "~/lib/site/structured-data.server";
import { doctorLanguagePaths, physician, physicianJsonLd, presentDoctor } from "./present-doctor.server";

/** A doctor as the API answers in French (GET doctor/uri/:uri with Accept-Language: fr). */
const hakan: Doctor = {
  id: 3,
  uri: "hakan-celik",
  name: "Hakan Çelik",
  title: "Dr",
  specialty: "Chirurgie orthopédique",
  focus: "Prothèses de hanche et de genou",
  summary: "Chirurgien orthopédiste spécialisé dans les prothèses de hanche et de genou.",
  bio: ["Le Dr Çelik opère à Istanbul depuis 2008."],
  education: ["Faculté de médecine de l’Université d’Istanbul"],
  certifications: ["Board turc de chirurgie orthopédique"],
  memberships: ["Société turque d’orthopédie et de traumatologie"],
  medicalSpecialty: "Musculoskeletal",
  languages: ["tr", "en", "de"],
  specialistSince: 2008,
  image: { url: "/media/doctors/hakan-celik.svg", width: 400, height: 480 },
  languagePaths: [
    { languageCode: "en", route: "hakan-celik" },
    { languageCode: "tr", route: "hakan-celik" },
    { languageCode: "fr", route: "hakan-celik" },
    { languageCode: "ar", route: "هاكان-جليك" },
  ],
};

const SITE = "https://www.example.com";

describe("doctor pages' data", () => {
  test("a doctor in fr reads in French, with the runtime's language names and the site's portrait alt", async () => {
    const doctor = await presentDoctor(hakan, "fr");
    expect(doctor.fullName).toBe("Dr Hakan Çelik");
    expect(doctor.path).toBe("/fr/chirurgiens/hakan-celik");
    expect(doctor.languages).toBe("Turc, anglais et allemand");
    expect(doctor.experienceYears).toBe(new Date().getFullYear() - 2008);
    expect(doctor.portrait).toEqual({ url: "/media/doctors/hakan-celik.svg", width: 400, height: 480, alt: "Portrait illustré\u00a0: Dr Hakan Çelik" });
  });

  test("the language paths are the doctor's pages where the site has a doctors page (not tr), in each language's slug", () => {
    expect(doctorLanguagePaths(hakan)).toEqual({
      en: "/en/doctors/hakan-celik",
      fr: "/fr/chirurgiens/hakan-celik",
      ar: "/ar/الأطباء/هاكان-جليك",
    });
  });

  test("Physician JSON-LD names the doctor, specialty, languages, image and the clinic", async () => {
    // In ar the API answers the ar slug as the uri.
    const ld = physicianJsonLd(SITE, await presentDoctor({ ...hakan, uri: "هاكان-جليك" }, "ar"));
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Physician",
      medicalSpecialty: "https://schema.org/Musculoskeletal",
      knowsLanguage: ["tr", "en", "de"],
      image: { "@type": "ImageObject", width: 400, height: 480 },
      memberOf: { "@type": "MedicalClinic", name: "Remed" },
    });
    expect(new URL(ld.url).pathname).toBe(encodeURI("/ar/الأطباء/هاكان-جليك"));
    expect(ld.image.url).toBe("https://www.example.com/media/doctors/hakan-celik.svg");
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });

  test("the list's JSON-LD is an ItemList of the physicians in order", async () => {
    const doctors = await Promise.all([hakan, { ...hakan, id: 4, uri: "other" }].map((d) => presentDoctor(d, "en")));
    const ld = itemListJsonLd(
      SITE,
      doctors.map((doctor) => ({ path: doctor.path, item: physician(SITE, doctor) })),
      { whole: { name: "Our doctors", path: "/en/doctors" } },
    );
    expect(ld.itemListElement.map((i) => [i.position, i.url])).toEqual([
      [1, expect.stringMatching(/\/en\/doctors\/hakan-celik$/)],
      [2, expect.stringMatching(/\/en\/doctors\/other$/)],
    ]);
    expect(ld.itemListElement[0].item["@type"]).toBe("Physician");
  });
});
