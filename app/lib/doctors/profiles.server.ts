import { z } from "zod";
import index from "../../../backend/seed/content/doctors.json";
import ar from "../../../backend/seed/content/ar/doctors.json";
import en from "../../../backend/seed/content/en/doctors.json";
import fr from "../../../backend/seed/content/fr/doctors.json";
import ru from "../../../backend/seed/content/ru/doctors.json";
import tr from "../../../backend/seed/content/tr/doctors.json";
import { languages, slugDetailPath, type Lang, type LanguagePaths } from "~/lib/route-table";

// The doctors moved into the API (backend/seed/content/…/doctors.json seeds them); until the pages
// read them from there, the seed's files are bundled into the server build as before.

export const PORTRAIT = { width: 400, height: 480 } as const;

export const DoctorEntrySchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  /** A schema.org MedicalSpecialty value. */
  medicalSpecialty: z.string().regex(/^[A-Z][A-Za-z]+$/),
  /** ISO 639-1 codes of the languages the doctor speaks. */
  languages: z.array(z.string().regex(/^[a-z]{2}$/)).min(1),
  specialistSince: z.number().int().min(1950),
  portrait: z.object({
    hair: z.enum(["short", "receding", "long", "bob", "bun"]),
    skin: z.number().int().min(0),
    hairColor: z.number().int().min(0),
    coat: z.number().int().min(0),
  }),
});

const nonEmpty = z.string().trim().min(1);
export const DoctorTextSchema = z
  .object({
    name: nonEmpty,
    title: nonEmpty,
    specialty: nonEmpty,
    focus: nonEmpty,
    /** One sentence: the card's text and the page's meta description. */
    summary: nonEmpty.max(170),
    bio: z.array(nonEmpty).min(1),
    education: z.array(nonEmpty).min(1),
    certifications: z.array(nonEmpty).min(1),
    memberships: z.array(nonEmpty).min(1),
  })
  .strict();

export type DoctorEntry = z.infer<typeof DoctorEntrySchema>;
export type DoctorText = z.infer<typeof DoctorTextSchema>;

export const doctorEntries: DoctorEntry[] = z.array(DoctorEntrySchema).parse(index.doctors.map(({ key, ...entry }) => ({ slug: key, ...entry })));

const texts: Record<Lang, Record<string, DoctorText>> = Object.fromEntries(
  Object.entries({ en, tr, ru, fr, ar }).map(([lang, list]) => [
    lang,
    Object.fromEntries(list.map(({ key, uri: _uri, ...text }) => [key, DoctorTextSchema.parse(text)])),
  ]),
) as Record<Lang, Record<string, DoctorText>>;

/** A doctor's text in one language; every doctor has one in every language (tested). */
export function doctorText(lang: Lang, slug: string): DoctorText | undefined {
  return texts[lang][slug];
}

export function findDoctorEntry(slug: string): DoctorEntry | undefined {
  return doctorEntries.find((d) => d.slug === slug);
}

/** The doctor's page in every language that has a doctors page (not tr: there it is the offer page). */
export function doctorLanguagePaths(slug: string): LanguagePaths {
  const paths: LanguagePaths = {};
  for (const lang of languages) {
    const path = slugDetailPath("doctors", lang, slug);
    if (path) paths[lang] = path;
  }
  return paths;
}

/** Every doctor detail path in every language, for the sitemap (group by slug for its alternates). */
export function listDoctorPaths(): { slug: string; lang: Lang; path: string }[] {
  return doctorEntries.flatMap(({ slug }) =>
    (Object.entries(doctorLanguagePaths(slug)) as [Lang, string][]).map(([lang, path]) => ({ slug, lang, path })),
  );
}
