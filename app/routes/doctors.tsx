import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ownPaths, pathFor } from "~/lib/site/route-table";
import {
  breadcrumbTrail,
  buildPageMeta,
  getAllDoctors,
  getPageText,
  getT,
  itemListJsonLd,
  pageRoute,
  physician,
  presentDoctor,
  throwApiFailure,
} from "./doctors.server";
import { ApiImage, ContentSections, OfferCallout, PageHeader, pageMeta } from "~/components/page-kit";

export const meta = pageMeta;
/** Cards in the first row show without scrolling on a desktop; the rest load lazily. */
const EAGER_CARDS = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { page, lang } = pageRoute("doctors", request);
  const [t, content, items, breadcrumbs] = await Promise.all([
    getT(lang),
    getPageText(page.name, lang),
    getAllDoctors(context, lang).catch(throwApiFailure),
    breadcrumbTrail(lang, page),
  ]);
  const doctors = await Promise.all(items.map((item) => presentDoctor(item, lang)));
  const title = t(page.pageTitle);
  const path = pathFor(page.name, lang)!;
  return {
    meta: await buildPageMeta(context.config.siteUrl, lang, { title, description: content.metaDescription, paths: ownPaths(page) }),
    jsonLd: itemListJsonLd(
      context.config.siteUrl,
      doctors.map((doctor) => ({ path: doctor.path, item: physician(context.config.siteUrl, doctor) })),
      { whole: { name: title, path } },
    ),
    breadcrumbs,
    title,
    align: page.pageTitleAlign,
    content,
    doctors: doctors.map(({ slug, path, fullName, specialty, focus, languages, portrait }) => ({
      slug,
      path,
      fullName,
      specialty,
      focus,
      languages,
      portrait,
    })),
    offerPath: pathFor("get-an-offer", lang)!,
  };
}

export default function DoctorsPage() {
  const { title, align, content, doctors, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={content.lead} align={align} />
      <section className="container doctor-list" aria-labelledby="doctor-list-heading">
        <h2 id="doctor-list-heading">{t("doctors.listHeading")}</h2>
        <ul className="doctor-grid">
          {doctors.map((doctor, index) => (
            <li key={doctor.slug} className="doctor-card">
              <ApiImage className="doctor-portrait" image={doctor.portrait} lazy={index >= EAGER_CARDS} />
              <div className="doctor-card-text">
                <h3>
                  <Link to={doctor.path}>{doctor.fullName}</Link>
                </h3>
                <p className="doctor-specialty">{doctor.specialty}</p>
                <p>{doctor.focus}</p>
                <p className="doctor-languages">{t("doctors.languagesList", { languages: doctor.languages })}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <div className="container page-body">
        <article className="prose">
          <ContentSections sections={content.sections} />
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
