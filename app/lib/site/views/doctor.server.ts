import type { Doctor } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { doctorLanguagePaths, physicianJsonLd, presentDoctor } from "~/lib/site/views/present-doctor.server";
import { buildPageMeta, getT, itemMeta } from "~/lib/site/page.server";
import { getPage, pathFor, type Lang } from "~/lib/site/route-table";

/** A doctor's page data: what the doctor's route renders, and the preview of a draft. */
export async function doctorView(siteUrl: string, item: Doctor, lang: Lang) {
  const page = getPage("doctors")!;
  const doctor = await presentDoctor(item, lang);
  const [t, breadcrumbs] = await Promise.all([getT(lang), breadcrumbTrail(lang, page, { name: doctor.fullName, path: doctor.path })]);
  // The same doctor in every language with a doctors page: the switcher and hreflang use these.
  const languagePaths = doctorLanguagePaths(item);
  const title = t("doctors.detailTitle", { name: doctor.fullName, specialty: doctor.specialty });
  return {
    meta: await buildPageMeta(siteUrl, lang, { ...itemMeta(item, title, doctor.portrait), paths: languagePaths }),
    languagePaths,
    jsonLd: physicianJsonLd(siteUrl, doctor),
    breadcrumbs,
    doctor,
    listPath: pathFor(page.name, lang)!,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
