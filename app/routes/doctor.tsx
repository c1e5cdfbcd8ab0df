import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { slugDetailPath } from "~/lib/site/route-table";
import {
  doctorView,
  getDoctorByUri,
  getRedirect,
  isNotFound,
  pageRoute,
  redirect,
  requireRouteOr404,
  throwApiFailure,
  URI_MAX,
  withNotFound,
} from "./doctor.server";
import { ApiImage, OfferCallout, pageMeta } from "~/components/page-kit";

export const meta = pageMeta;
/**
 * A doctor's page, by the slug of its language. A slug the doctor had before an editor changed it
 * moves permanently to the current one (the API keeps the old ones); any other answers 404, which
 * suggests the doctors first.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { lang } = pageRoute("doctors", request);
  return withNotFound(lang, "doctors", async () => {
    // No slug is longer than the editor allows: a longer one is no doctor's, and costs the API nothing.
    const slug = requireRouteOr404(params.slug && params.slug.length <= URI_MAX ? params.slug : null);
    const doctor = await getDoctorByUri(context, lang, slug).catch((error: unknown) => (isNotFound(error) ? null : throwApiFailure(error)));
    if (doctor) return doctorView(context.config.siteUrl, doctor, lang);
    const moved = await getRedirect(context, "doctor", lang, slug).catch(throwApiFailure);
    const path = moved && moved.uri !== slug ? slugDetailPath("doctors", lang, moved.uri) : null;
    if (!path) throw new Response("Not Found", { status: 404 });
    throw redirect(encodeURI(path) + new URL(request.url).search, 301);
  });
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
          <ApiImage className="doctor-portrait" image={doctor.portrait} priority />
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
