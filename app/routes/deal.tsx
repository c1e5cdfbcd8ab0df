import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DealPrice } from "~/components/deal-card";
import { PackageCard } from "~/components/package-card";
import { dealView, getAllPackages, getSpecialDeal, loadDetailPage } from "./deal.server";
import { ApiImage, IMAGE_SIZES, OfferCallout, PageHeader, pageMeta, RichText } from "~/components/page-kit";

export const meta = pageMeta;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { item, lang, path, languagePaths } = await loadDetailPage(request, "special-deals", params.id, (lang, id) => getSpecialDeal(context, lang, id));
  // The package the deal names (ADR 064) is extra: without the list, the deal shows alone.
  const packages = item.packageId === undefined ? [] : await getAllPackages(context, lang).catch(() => []);
  return dealView(context.config.siteUrl, item, lang, path, languagePaths, packages);
}

export default function DealPage() {
  const { deal, dealsPath, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={deal.title} lead={deal.summary} />
      <div className="container page-body deal-layout">
        <aside className="deal-summary" aria-labelledby="deal-summary-heading">
          <h2 id="deal-summary-heading">{t("deals.atAGlance")}</h2>
          <DealPrice price={deal.price} />
          <p className="deal-validity">
            {deal.open ? t("deals.validUntil", { date: deal.validUntil.label }) : <strong>{t("deals.ended", { date: deal.validUntil.label })}</strong>}
          </p>
          <p className="deal-price-note">{t("deals.priceNote")}</p>
          <Link to={offerPath} className="button button-cta">
            {t("header.getAnOffer")}
          </Link>
        </aside>
        <article className="prose">
          <ApiImage className="content-image" image={deal.image} priority sizes={IMAGE_SIZES.content} />
          <section className="content-section" aria-labelledby="deal-includes-heading">
            <h2 id="deal-includes-heading">{t("deals.includes")}</h2>
            <ul className="checklist">
              {deal.includes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <RichText html={deal.body} />
          {deal.package ? (
            <section className="packages" aria-labelledby="deal-package-heading">
              <h2 id="deal-package-heading">{t("packages.ofDeal")}</h2>
              <PackageCard pkg={deal.package} />
            </section>
          ) : null}
          <p className="deal-back">
            <Link to={dealsPath}>{t("deals.allDeals")}</Link>
          </p>
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
