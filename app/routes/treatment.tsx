import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfferCard } from "~/components/offer-card";
import { PackageList } from "~/components/package-card";
import { getAllPackages, getTreatment, loadDetailPage, treatmentView } from "./treatment.server";
import { ApiImage, IMAGE_SIZES, PageHeader, pageMeta, RichText } from "~/components/page-kit";

export const meta = pageMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { item, lang, path, languagePaths } = await loadDetailPage(request, "treatments", params.id, (lang, id) => getTreatment(context, lang, id));
  // Its packages (ADR 064) are extra: without them (the API cannot list them) the page still shows.
  const packages = await getAllPackages(context, lang).catch(() => []);
  return treatmentView(context.config.siteUrl, item, lang, path, languagePaths, packages);
}

export default function TreatmentPage() {
  const { treatment, packages, listPath, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={treatment.title} lead={treatment.summary} />
      <div className="container detail-layout">
        <div className="detail-main">
          <article className="prose">
            <ApiImage className="content-image" image={treatment.image} priority sizes={IMAGE_SIZES.detail} />
            <RichText html={treatment.body} />
          </article>
          {treatment.subTreatments.length ? (
            <section className="sub-treatments" aria-labelledby="sub-treatments-heading">
              <h2 id="sub-treatments-heading">{t("treatments.options")}</h2>
              <ul className="sub-treatment-list">
                {treatment.subTreatments.map((sub) => (
                  <li key={sub.id} className="sub-treatment-item">
                    <ApiImage className="sub-treatment-image" image={sub.image} lazy alt="" sizes={IMAGE_SIZES.thumb} />
                    <div>
                      <h3>
                        <Link to={sub.path} className="stretched-link">
                          {sub.title}
                        </Link>
                      </h3>
                      <p>{sub.summary}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <PackageList packages={packages} id="treatment-packages-heading" />
        </div>
        <aside className="detail-aside" aria-label={t("treatments.asideLabel")}>
          <OfferCard to={offerPath} />
          <p className="back-link">
            <Link to={listPath}>{t("treatments.allTreatments")}</Link>
          </p>
        </aside>
      </div>
    </>
  );
}
