import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiImage } from "~/components/api-image";
import type { DealCardData } from "~/lib/site/cards";

/** A special deal's teaser with its starting price; the whole card follows the title's link. */
export function DealCard({ deal, heading: Heading = "h2", lazy = false }: { deal: DealCardData; heading?: "h2" | "h3"; lazy?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="tile deal-card">
      <ApiImage className="deal-card-image" image={deal.image} lazy={lazy} />
      <div className="deal-card-body">
        <Heading className="deal-card-title">
          <Link to={deal.path} prefetch="intent">
            {deal.title}
          </Link>
        </Heading>
        <p className="deal-card-summary">{deal.summary}</p>
        <DealPrice price={deal.price} />
        <p className="deal-card-valid">{t("deals.validUntil", { date: deal.validUntil.label })}</p>
      </div>
    </article>
  );
}

/** "Price from" above the amount: the label never has to fit around the number's grammar. */
export function DealPrice({ price }: { price: string }) {
  const { t } = useTranslation();
  return (
    <p className="deal-price">
      <span className="deal-price-label">{t("deals.priceFrom")}</span>
      <span className="deal-price-amount">{price}</span>
    </p>
  );
}
