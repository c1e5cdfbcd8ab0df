import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The call to get an offer beside a detail page's text: always in reach while reading. */
export function OfferCard({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <section className="detail-offer-card" aria-labelledby="offer-card-heading">
      <h2 id="offer-card-heading">{t("offerCallout.title")}</h2>
      <p>{t("offerCallout.text")}</p>
      <Link to={to} className="button button-cta">
        {t("home.primaryCta")}
      </Link>
    </section>
  );
}
