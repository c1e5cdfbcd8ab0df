import type { Doctor } from "~/lib/platform/api/contract";
import { absoluteUrl, getT } from "~/lib/site/page.server";
import { isLang, slugDetailPath, type Lang, type LanguagePaths } from "~/lib/site/route-table";
import { clinicReference } from "~/lib/site/structured-data.server";

/** Language names in the page's language, e.g. "turc, anglais et allemand", from the runtime's CLDR data. */
function spokenLanguages(codes: string[], lang: Lang): string {
  const names = new Intl.DisplayNames([lang], { type: "language" });
  const list = new Intl.ListFormat(lang, { type: "conjunction" }).format(codes.map((c) => names.of(c) ?? c));
  return list.charAt(0).toLocaleUpperCase(lang) + list.slice(1);
}

/**
 * The doctor's page in every language the API has them in and the site has a doctors page (not
 * tr: there it is the offer page): the language switcher and hreflang.
 */
export function doctorLanguagePaths(doctor: Pick<Doctor, "languagePaths">): LanguagePaths {
  const paths: LanguagePaths = {};
  for (const { languageCode, route } of doctor.languagePaths) {
    const path = isLang(languageCode) ? slugDetailPath("doctors", languageCode, route) : null;
    if (path) paths[languageCode as Lang] = path;
  }
  return paths;
}

/** What the list card and the detail page show of a doctor, in one language. */
export async function presentDoctor(doctor: Doctor, lang: Lang) {
  const path = slugDetailPath("doctors", lang, doctor.uri);
  if (!path) throw new Error(`No doctor pages in ${lang}`);
  const t = await getT(lang);
  const fullName = `${doctor.title} ${doctor.name}`;
  return {
    name: doctor.name,
    title: doctor.title,
    specialty: doctor.specialty,
    focus: doctor.focus,
    summary: doctor.summary,
    bio: doctor.bio,
    education: doctor.education,
    certifications: doctor.certifications,
    memberships: doctor.memberships,
    seoTitle: doctor.seoTitle,
    seoDescription: doctor.seoDescription,
    id: doctor.id,
    slug: doctor.uri,
    fullName,
    path,
    languageCodes: doctor.languages,
    languages: spokenLanguages(doctor.languages, lang),
    medicalSpecialty: doctor.medicalSpecialty,
    specialistSince: doctor.specialistSince,
    // Counted at request time, so the profile does not age.
    experienceYears: new Date().getFullYear() - doctor.specialistSince,
    portrait: { ...doctor.image, alt: t("doctors.portraitAlt", { name: fullName }) },
  };
}

export type DoctorView = Awaited<ReturnType<typeof presentDoctor>>;

/** A doctor as a schema.org Physician, for the doctor's page and, item by item, the doctors list. */
export function physician(siteUrl: string, doctor: DoctorView) {
  return {
    "@type": "Physician",
    "@id": `${absoluteUrl(siteUrl, doctor.path)}#physician`,
    name: doctor.fullName,
    url: absoluteUrl(siteUrl, doctor.path),
    description: doctor.summary,
    image: { "@type": "ImageObject", url: absoluteUrl(siteUrl, doctor.portrait.url), width: doctor.portrait.width, height: doctor.portrait.height },
    medicalSpecialty: `https://schema.org/${doctor.medicalSpecialty}`,
    knowsLanguage: doctor.languageCodes,
    // schema.org's Physician is a MedicalOrganization, so worksFor/affiliation (Person properties) do not apply.
    memberOf: clinicReference(siteUrl),
    hasCredential: doctor.certifications.map((name) => ({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "certification",
      name,
    })),
  };
}

/** schema.org Physician for a doctor's page. */
export function physicianJsonLd(siteUrl: string, doctor: DoctorView) {
  return { "@context": "https://schema.org", ...physician(siteUrl, doctor) };
}
