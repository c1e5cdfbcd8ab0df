import { readFileSync } from "node:fs";
import { LANGS, PAGES, pathOf, type Lang } from "./fixtures";
import { aboutLifePath, seeded, subTreatmentPath, treatmentPath } from "./backend-seed";

/**
 * One page of every page type, for the checks that run once per type rather than once per route
 * (axe in the browser, the Nu HTML Checker over HTTP): pages of one type share their template, so a
 * second route of the same type finds nothing new. `path` is null where the type has no page in
 * that language.
 */
export type PageType = { type: string; path: (lang: Lang) => string | null };

const doctorSlug: string = JSON.parse(readFileSync(new URL("../../backend/seed/content/en/doctors.json", import.meta.url), "utf8"))[0].uri;

/** The table's pages of one module; a language takes a different one of them where there are several. */
function tablePage(module: string): PageType {
  const pages = PAGES.filter((p) => p.module === module);
  return {
    type: module,
    path: (lang) => {
      const own = pages.filter((p) => p.slugs[lang] !== undefined);
      return own.length ? pathOf(own[LANGS.indexOf(lang) % own.length].name, lang) : null;
    },
  };
}

const MODULES = [...new Set(PAGES.map((p) => p.module))];

export const PAGE_TYPES: PageType[] = [
  ...MODULES.map(tablePage),
  { type: "doctor", path: (lang) => (PAGES.find((p) => p.name === "doctors")!.slugs[lang] !== undefined ? `${pathOf("doctors", lang)}/${doctorSlug}` : null) },
  { type: "treatment", path: (lang) => treatmentPath(lang, seeded("treatment", lang)[0]) },
  {
    type: "sub-treatment",
    path: (lang) => {
      const treatment = seeded("treatment", lang)[0];
      return subTreatmentPath(
        lang,
        seeded("subTreatment", lang).find((s) => s.parentId === treatment.id)!,
      );
    },
  },
  { type: "second treatments list", path: (lang) => `${pathOf("treatments", lang)}?page=2` },
  { type: "blog post", path: (lang) => seeded("blog", lang)[0]?.path ?? null },
  { type: "special deal", path: (lang) => seeded("specialDeal", lang)[0]?.path ?? null },
  // "About life" (ADR 063): seeded in en, tr and ar only, so checked in those.
  { type: "about-life", path: aboutLifePath },
  { type: "about-life article", path: (lang) => seeded("about-life", lang)[0]?.path ?? null },
  { type: "404", path: (lang) => `/${lang}/${lang === "ar" ? "غير-موجود" : "no-such-page"}` },
  // A text page that offers its text as a file (ADR 052), the only pages with the download link. Last, so the
  // types before keep the languages they are checked in (axe.spec.ts takes turns by index).
  { type: "document", path: (lang) => pathOf(PAGES.find((p) => p.document)!.name, lang) },
];
