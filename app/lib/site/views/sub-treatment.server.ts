import type { SubTreatment, Treatment } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { buildPageMeta, itemMeta } from "~/lib/site/page.server";
import { detailPath, getPage, pathFor, subDetailPath, type Lang, type LanguagePaths } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";
import { medicalProcedureJsonLd } from "~/lib/site/structured-data.server";

/**
 * A sub-treatment's page data at `path`: what its route renders, and the preview of a draft. Its
 * treatment's other options are listed beside it; a preview whose treatment is not public yet has none.
 */
export async function subTreatmentView(
  siteUrl: string,
  sub: SubTreatment,
  treatment: Pick<Treatment, "subTreatments"> | null,
  lang: Lang,
  path: string,
  languagePaths: LanguagePaths,
) {
  const page = getPage("treatments")!;
  const parent = sub.treatment;
  const treatmentPath = detailPath(page.name, lang, parent.uri, parent.id)!;
  return {
    meta: await buildPageMeta(siteUrl, lang, { ...itemMeta(sub, `${sub.title} – ${parent.title}`, sub.image), paths: languagePaths }),
    languagePaths,
    breadcrumbs: await breadcrumbTrail(lang, page, { name: parent.title, path: treatmentPath }, { name: sub.title, path }),
    jsonLd: medicalProcedureJsonLd(siteUrl, sub, path),
    sub: { title: sub.title, summary: sub.summary, image: sub.image, body: sanitizeRichText(sub.body) },
    treatment: { title: parent.title, path: treatmentPath },
    siblings: (treatment?.subTreatments ?? [])
      .filter((s) => s.id !== sub.id)
      .map((s) => ({ id: s.id, title: s.title, path: subDetailPath(page.name, lang, parent, s)! })),
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
