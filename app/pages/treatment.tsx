import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OfferCallout } from "~/components/offer-callout";
import { PageHeader } from "~/components/page-header";
import { getTreatment } from "~/lib/api/content.server";
import { toResponse } from "~/lib/api/unavailable.server";
import { buildDetailMeta, itemLanguagePaths, redirectToCanonical, requireDetail } from "~/lib/detail.server";
import { pageMeta } from "~/lib/meta";
import { pathFor } from "~/lib/route-table";
import { sanitizeRichText } from "~/lib/sanitize.server";

export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, lang, id } = requireDetail(request);
  const treatment = await getTreatment(lang, id).catch(toResponse);
  const languagePaths = itemLanguagePaths(page.name, treatment.id, treatment.languagePaths);
  redirectToCanonical(request, languagePaths[lang]!);
  return json({
    meta: buildDetailMeta(lang, treatment.title, treatment.summary, languagePaths),
    languagePaths,
    treatment: { ...treatment, body: sanitizeRichText(treatment.body) },
    offerPath: pathFor("get-an-offer", lang)!,
  });
}

export default function TreatmentPage() {
  const { treatment, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={treatment.title} lead={treatment.summary} />
      <div className="container page-body">
        <article className="prose">
          <img
            className="content-image"
            src={treatment.image.url}
            width={treatment.image.width}
            height={treatment.image.height}
            alt={treatment.image.alt}
          />
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: treatment.body }} />
          {treatment.subTreatments.length ? (
            <section className="content-section">
              <h2>{t("treatment.subTreatments")}</h2>
              <ul className="card-list">
                {treatment.subTreatments.map((sub) => (
                  <li key={sub.id} className="card">
                    <h3>{sub.title}</h3>
                    <p>{sub.summary}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
