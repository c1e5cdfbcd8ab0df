import { absoluteUrl, getT } from "~/lib/page.server";
import { slugDetailPath, type Lang } from "~/lib/route-table";
import { clinicReference } from "~/lib/structured-data.server";
import { doctorEntries, doctorText, findDoctorEntry, PORTRAIT, type DoctorEntry } from "./profiles.server";

/** Language names in the page's language, e.g. "turc, anglais et allemand", from the runtime's CLDR data. */
function spokenLanguages(codes: string[], lang: Lang): string {
  const names = new Intl.DisplayNames([lang], { type: "language" });
  const list = new Intl.ListFormat(lang, { type: "conjunction" }).format(codes.map((c) => names.of(c) ?? c));
  return list.charAt(0).toLocaleUpperCase(lang) + list.slice(1);
}

/** What the list card and the detail page show of a doctor, in one language. */
async function present(entry: DoctorEntry, lang: Lang) {
  const text = doctorText(lang, entry.slug);
  const path = slugDetailPath("doctors", lang, entry.slug);
  if (!text || !path) throw new Error(`No doctor page for ${entry.slug} in ${lang}`);
  const t = await getT(lang);
  const fullName = `${text.title} ${text.name}`;
  return {
    ...text,
    slug: entry.slug,
    fullName,
    path,
    languageCodes: entry.languages,
    languages: spokenLanguages(entry.languages, lang),
    medicalSpecialty: entry.medicalSpecialty,
    specialistSince: entry.specialistSince,
    // Counted at request time, so the profile does not age.
    experienceYears: new Date().getFullYear() - entry.specialistSince,
    portrait: {
      src: `/media/doctors/${entry.slug}.svg`,
      ...PORTRAIT,
      alt: t("doctors.portraitAlt", { name: fullName }),
    },
  };
}

export type DoctorView = Awaited<ReturnType<typeof present>>;

export function listDoctors(lang: Lang): Promise<DoctorView[]> {
  return Promise.all(doctorEntries.map((entry) => present(entry, lang)));
}

export async function getDoctor(lang: Lang, slug: string): Promise<DoctorView | null> {
  const entry = findDoctorEntry(slug);
  return entry ? present(entry, lang) : null;
}

/** A doctor as a schema.org Physician, for the doctor's page and, item by item, the doctors list. */
export function physician(doctor: DoctorView) {
  return {
    "@type": "Physician",
    "@id": `${absoluteUrl(doctor.path)}#physician`,
    name: doctor.fullName,
    url: absoluteUrl(doctor.path),
    description: doctor.summary,
    image: { "@type": "ImageObject", url: absoluteUrl(doctor.portrait.src), width: doctor.portrait.width, height: doctor.portrait.height },
    medicalSpecialty: `https://schema.org/${doctor.medicalSpecialty}`,
    knowsLanguage: doctor.languageCodes,
    // schema.org's Physician is a MedicalOrganization, so worksFor/affiliation (Person properties) do not apply.
    memberOf: clinicReference(),
    hasCredential: doctor.certifications.map((name) => ({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "certification",
      name,
    })),
  };
}

/** schema.org Physician for a doctor's page. */
export function physicianJsonLd(doctor: DoctorView) {
  return { "@context": "https://schema.org", ...physician(doctor) };
}
