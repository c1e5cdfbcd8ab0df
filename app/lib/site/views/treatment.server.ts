import type { Treatment } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { buildPageMeta, itemMeta } from "~/lib/site/page.server";
import { getPage, pathFor, subDetailPath, type Lang, type LanguagePaths } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";
import { medicalProcedureJsonLd } from "~/lib/site/structured-data.server";

/** A treatment's page data at `path`: what its route renders, and the preview of a draft. */
export async function treatmentView(siteUrl: string, treatment: Treatment, lang: Lang, path: string, languagePaths: LanguagePaths) {
  const page = getPage("treatments")!;
  return {
    meta: await buildPageMeta(siteUrl, lang, { ...itemMeta(treatment, treatment.title, treatment.image), paths: languagePaths }),
    languagePaths,
    breadcrumbs: await breadcrumbTrail(lang, page, { name: treatment.title, path }),
    jsonLd: medicalProcedureJsonLd(siteUrl, treatment, path),
    treatment: {
      title: treatment.title,
      summary: treatment.summary,
      image: treatment.image,
      body: sanitizeRichText(treatment.body),
      subTreatments: treatment.subTreatments.map((sub) => ({
        ...sub,
        path: subDetailPath(page.name, lang, treatment, sub)!,
      })),
    },
    listPath: pathFor(page.name, lang)!,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
