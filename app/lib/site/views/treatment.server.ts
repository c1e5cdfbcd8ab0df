import type { Package, Treatment } from "~/lib/platform/api/contract";
import { toPackageCard } from "~/lib/site/cards";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { buildPageMeta, itemMeta } from "~/lib/site/page.server";
import { getPage, pathFor, subDetailPath, type Lang, type LanguagePaths } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";
import { medicalProcedureJsonLd, packageOfferLd } from "~/lib/site/structured-data.server";

/**
 * A treatment's page data at `path`: what its route renders, and the preview of a draft. `packages`:
 * the language's packages valid today (ADR 064); the page shows those on this treatment, each an Offer.
 */
export async function treatmentView(siteUrl: string, treatment: Treatment, lang: Lang, path: string, languagePaths: LanguagePaths, packages: Package[] = []) {
  const page = getPage("treatments")!;
  const own = packages.filter((pkg) => pkg.treatmentIds.includes(treatment.id));
  const procedure = medicalProcedureJsonLd(siteUrl, treatment, path);
  return {
    meta: await buildPageMeta(siteUrl, lang, { ...itemMeta(treatment, treatment.title, treatment.image), paths: languagePaths }),
    languagePaths,
    breadcrumbs: await breadcrumbTrail(lang, page, { name: treatment.title, path }),
    jsonLd: own.length ? [procedure, ...own.map((pkg) => packageOfferLd(siteUrl, pkg, { title: treatment.title, path }))] : procedure,
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
    packages: own.map((pkg) => toPackageCard(pkg, lang)),
    listPath: pathFor(page.name, lang)!,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
