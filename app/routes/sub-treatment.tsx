import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfferCard } from "~/components/offer-card";
import { getSubTreatment, getTreatment, loadDetailPage, subTreatmentLanguagePaths, subTreatmentView } from "./sub-treatment.server";
import { ApiImage, IMAGE_SIZES, PageHeader, pageMeta, RichText } from "~/components/page-kit";

export const meta = pageMeta;

/**
 * A sub-treatment lives under its treatment: /{lang}/{treatments}/{uri}/{id}/{subUri}/{subId}.
 * The sub-treatment's id decides; its treatment's uri and id and its own uri are checked against
 * the API, and any mismatch moves permanently to the canonical path.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Only the item's own id is needed: its treatment and both uris come from the API and are checked against the path.
  const { item, lang, path, languagePaths } = await loadDetailPage(
    request,
    "treatments",
    params.subId,
    async (lang, id) => {
      const sub = await getSubTreatment(context, lang, id);
      return { sub, treatment: await getTreatment(context, lang, sub.treatment.id) };
    },
    ({ sub, treatment }) => subTreatmentLanguagePaths(treatment, sub),
  );
  return subTreatmentView(context.config.siteUrl, item.sub, item.treatment, lang, path, languagePaths);
}

export default function SubTreatmentPage() {
  const { sub, treatment, siblings, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={sub.title} lead={sub.summary}>
        <p className="part-of">
          {t("treatments.partOf")} <Link to={treatment.path}>{treatment.title}</Link>
        </p>
      </PageHeader>
      <div className="container detail-layout">
        <div className="detail-main">
          <article className="prose">
            <ApiImage className="content-image" image={sub.image} priority sizes={IMAGE_SIZES.detail} />
            <RichText html={sub.body} />
          </article>
        </div>
        <aside className="detail-aside">
          <nav className="section-nav" aria-labelledby="related-heading">
            <h2 id="related-heading">{t("treatments.asideLabel")}</h2>
            <p>
              <Link to={treatment.path}>{t("treatments.backToTreatment", { treatment: treatment.title })}</Link>
            </p>
            {siblings.length ? (
              <>
                <p className="section-nav-label">{t("treatments.otherOptions")}</p>
                <ul>
                  {siblings.map((s) => (
                    <li key={s.id}>
                      <Link to={s.path}>{s.title}</Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </nav>
          <OfferCard to={offerPath} />
        </aside>
      </div>
    </>
  );
}
