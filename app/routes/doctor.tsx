import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfferCallout } from "~/components/offer-callout";
import { breadcrumbTrail } from "~/lib/breadcrumbs.server";
import { doctorLanguagePaths } from "~/lib/doctors/profiles.server";
import { getDoctor, physicianJsonLd } from "~/lib/doctors/view.server";
import { pageMeta } from "~/lib/meta";
import { buildPageMeta, getT, pageRoute, requireRouteOr404 } from "~/lib/page.server";
import { pathFor } from "~/lib/route-table";
import styles from "~/styles/doctors.css";

export const meta = pageMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page, lang } = pageRoute("doctors", request);
  const doctor = requireRouteOr404(params.slug ? await getDoctor(lang, params.slug) : null);
  const { slug } = doctor;
  const [t, breadcrumbs] = await Promise.all([getT(lang), breadcrumbTrail(lang, page, { name: doctor.fullName, path: doctor.path })]);
  // The same doctor in every language with a doctors page: the switcher and hreflang use these.
  const languagePaths = doctorLanguagePaths(slug);
  const title = t("doctors.detailTitle", { name: doctor.fullName, specialty: doctor.specialty });
  return {
    meta: buildPageMeta(lang, { title, description: doctor.summary, paths: languagePaths }),
    languagePaths,
    jsonLd: physicianJsonLd(doctor),
    breadcrumbs,
    doctor,
    listPath: pathFor("doctors", lang)!,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}

function ListSection({ heading, items }: { heading: string; items: string[] }) {
  return (
    <section>
      <h2>{heading}</h2>
      <ul className="checklist">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export default function DoctorPage() {
  const { doctor, listPath, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <section className="page-hero doctor-hero">
        <div className="container">
          <img
            className="doctor-portrait"
            src={doctor.portrait.src}
            width={doctor.portrait.width}
            height={doctor.portrait.height}
            alt={doctor.portrait.alt}
          />
          <div>
            <h1>{doctor.fullName}</h1>
            <p className="lead">{doctor.specialty}</p>
          </div>
        </div>
      </section>
      <div className="container page-body doctor-body">
        <aside className="doctor-facts" aria-labelledby="doctor-facts-heading">
          <h2 id="doctor-facts-heading">{t("doctors.atAGlance")}</h2>
          <dl>
            <dt>{t("doctors.specialty")}</dt>
            <dd>{doctor.specialty}</dd>
            <dt>{t("doctors.languages")}</dt>
            <dd>{doctor.languages}</dd>
            <dt>{t("doctors.experience")}</dt>
            <dd>{t("doctors.experienceYears", { count: doctor.experienceYears, year: doctor.specialistSince })}</dd>
          </dl>
          <section className="doctor-ask" aria-labelledby="doctor-ask-heading">
            <h2 id="doctor-ask-heading">{t("doctors.askTitle", { name: doctor.fullName })}</h2>
            <p>{t("doctors.askText", { name: doctor.fullName })}</p>
            <Link className="button button-cta" to={offerPath}>
              {t("doctors.askLink")}
            </Link>
          </section>
        </aside>
        <article className="prose">
          <section>
            <h2>{t("doctors.profile")}</h2>
            {doctor.bio.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
          <section>
            <h2>{t("doctors.focus")}</h2>
            <p>{doctor.focus}</p>
          </section>
          <ListSection heading={t("doctors.education")} items={doctor.education} />
          <ListSection heading={t("doctors.certifications")} items={doctor.certifications} />
          <ListSection heading={t("doctors.memberships")} items={doctor.memberships} />
          <p className="doctor-back">
            <Link to={listPath}>{t("doctors.allDoctors")}</Link>
          </p>
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
