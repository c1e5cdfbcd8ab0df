import { readFileSync } from "node:fs";
import { expect, expectNoAxeViolations, LANGS, PAGES, pathOf, test, type Lang } from "./fixtures";
import { seeded, subTreatmentPath, treatmentPath } from "./backend-seed";

/**
 * axe runs once per page type, not once per route: pages of one type share their template, so a
 * second route of the same type finds nothing new. At desktop size every type is checked in English
 * and Arabic (left to right and right to left); at phone size the types whose layout changes most,
 * each in another language, so every language is checked at least once. The form specs run axe again
 * with their errors showing.
 */
type PageType = { type: string; path: (lang: Lang) => string | null };

const doctorSlug: string = JSON.parse(readFileSync(new URL("../../app/lib/doctors/profiles/doctors.json", import.meta.url), "utf8")).doctors[0].slug;

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

const PAGE_TYPES: PageType[] = [
  ...MODULES.map(tablePage),
  { type: "doctor", path: (lang) => (PAGES.find((p) => p.name === "doctors")!.slugs[lang] !== undefined ? `${pathOf("doctors", lang)}/${doctorSlug}` : null) },
  { type: "treatment", path: (lang) => treatmentPath(lang, seeded("treatment", lang)[0]) },
  {
    type: "sub-treatment",
    path: (lang) => {
      const treatment = seeded("treatment", lang)[0];
      return subTreatmentPath(lang, seeded("subTreatment", lang).find((s) => s.parentId === treatment.id)!);
    },
  },
  { type: "second treatments list", path: (lang) => `${pathOf("treatments", lang)}?page=2` },
  { type: "blog post", path: (lang) => seeded("blog", lang)[0]?.path ?? null },
  { type: "special deal", path: (lang) => seeded("specialDeal", lang)[0]?.path ?? null },
  { type: "404", path: (lang) => `/${lang}/${lang === "ar" ? "غير-موجود" : "no-such-page"}` },
];

const PHONE_ROTATION: Lang[] = ["ar", "en", "tr", "ru", "fr"];
/**
 * What the phone layout changes (the menu button and its panel, stacked grids, the form's single
 * column) shows on these types; the other types share their templates at that size.
 */
const PHONE_TYPES = new Set(["home", "offer", "blog", "treatment", "404"]);

/** The languages each viewport checks a type in, from those the type exists in. */
function languages(index: number, available: Lang[]) {
  const pick = (order: Lang[], from: number) => {
    for (let i = 0; i < order.length; i++) {
      const lang = order[(from + i) % order.length];
      if (available.includes(lang)) return lang;
    }
    return null;
  };
  // A type that has no English or Arabic page (none today) is still checked at desktop size.
  const desktop = available.filter((l) => l === "en" || l === "ar");
  return { desktop: desktop.length ? desktop : [available[0]], phone: index < 0 ? [] : [pick(PHONE_ROTATION, index)!] };
}

const phoneIndex = (type: string) => [...PHONE_TYPES].indexOf(type);

PAGE_TYPES.forEach(({ type, path }) => {
  const available = LANGS.filter((lang) => path(lang) !== null);
  const { desktop, phone } = languages(phoneIndex(type), available);
  for (const lang of available) {
    if (!desktop.includes(lang) && !phone.includes(lang)) continue;
    test.describe(() => {
      if (type === "404") test.use({ allowedConsoleErrors: [/status of 404/] });
      test(`axe finds nothing on a ${type} page in ${lang}`, async ({ page }, info) => {
        const viewport = info.project.name === "phone" ? phone : desktop;
        test.skip(!viewport.includes(lang), `${type} in ${lang} is checked at the other viewport`);
        await page.goto(encodeURI(path(lang)!));
        // What a visitor meets once the page is interactive (comboboxes replace selects, menus gain buttons).
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await expectNoAxeViolations(page);
      });
    });
  }
});
