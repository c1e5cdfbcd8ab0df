import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiImage } from "~/components/api-image";
import type { DealCardData } from "~/lib/site/cards";

/** The home page's shorter deal card: the price in one line ("from €2,200") above the title. */
export function DealTeaser({ deal }: { deal: DealCardData }) {
  const { t } = useTranslation();
  return (
    <article className="tile home-card deal-teaser">
      <ApiImage className="home-card-image" image={deal.image} lazy />
      <div className="home-card-body">
        <p className="deal-teaser-price">{t("home.deals.priceFrom", { price: deal.price })}</p>
        <h3>
          <Link to={deal.path} className="stretched-link">
            {deal.title}
          </Link>
        </h3>
        <p>{deal.summary}</p>
        <p className="home-card-meta">{t("home.deals.validUntil", { date: deal.validUntil.label })}</p>
      </div>
    </article>
  );
}
