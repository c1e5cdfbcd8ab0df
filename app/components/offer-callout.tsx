import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function OfferCallout({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <section className="offer-callout">
      <div className="container">
        <h2>{t("offerCallout.title")}</h2>
        <p>{t("offerCallout.text")}</p>
        <Link to={to} className="button button-cta">
          {t("header.getAnOffer")}
        </Link>
      </div>
    </section>
  );
}
