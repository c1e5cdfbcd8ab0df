import { describe, expect, test } from "vitest";
import { itemListJsonLd } from "~/lib/structured-data.server";
import { getDoctor, listDoctors, physician, physicianJsonLd } from "./view.server";

describe("doctor pages' data", () => {
  test("a doctor in fr reads in French, with the runtime's language names", async () => {
    const doctor = (await getDoctor("fr", "hakan-celik"))!;
    expect(doctor.fullName).toBe("Dr Hakan Çelik");
    expect(doctor.path).toBe("/fr/chirurgiens/hakan-celik");
    expect(doctor.languages).toBe("Turc, anglais et allemand");
    expect(doctor.experienceYears).toBe(new Date().getFullYear() - 2008);
    expect(doctor.portrait).toEqual({
      src: "/media/doctors/hakan-celik.svg",
      width: 400,
      height: 480,
      alt: "Portrait illustré : Dr Hakan Çelik",
    });
    expect(await getDoctor("fr", "no-such-doctor")).toBeNull();
  });

  test("Physician JSON-LD names the doctor, specialty, languages, image and the clinic", async () => {
    const doctor = (await getDoctor("ar", "oguz-tekin"))!;
    const ld = physicianJsonLd(doctor);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Physician",
      name: "أ. د. أوغوز تكين",
      medicalSpecialty: "https://schema.org/Cardiovascular",
      knowsLanguage: ["tr", "en", "ar"],
      image: { "@type": "ImageObject", width: 400, height: 480 },
      memberOf: { "@type": "MedicalClinic", name: "Remed" },
    });
    expect(new URL(ld.url).pathname).toBe(encodeURI("/ar/الأطباء/oguz-tekin"));
    expect(ld.image.url).toMatch(/^https?:\/\/[^/]+\/media\/doctors\/oguz-tekin\.svg$/);
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });

  test("the list's JSON-LD is an ItemList of the 12 physicians in order", async () => {
    const doctors = await listDoctors("en");
    const ld = itemListJsonLd(doctors.map((doctor) => ({ path: doctor.path, item: physician(doctor) })), { whole: { name: "Our doctors", path: "/en/doctors" } });
    expect(ld["@type"]).toBe("ItemList");
    expect(ld.itemListElement).toHaveLength(12);
    expect(ld.itemListElement.map((i) => i.position)).toEqual(doctors.map((_, i) => i + 1));
    expect(ld.itemListElement[0].item["@type"]).toBe("Physician");
  });

});
