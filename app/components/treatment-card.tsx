import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiImage } from "~/components/api-image";
import type { TreatmentCardData } from "~/lib/site/cards";

/**
 * One treatment in a grid: the title is the link, stretched over the card so the whole card is
 * clickable while screen readers hear one link, not three.
 */
export function TreatmentCard({ item, lazy, headingLevel = 2 }: { item: TreatmentCardData; lazy: boolean; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="tile treatment-card">
      <ApiImage className="treatment-card-image" image={item.image} lazy={lazy} />
      <div className="treatment-card-body">
        <Heading className="treatment-card-title">
          <Link to={item.path} className="stretched-link">
            {item.title}
          </Link>
        </Heading>
        <p>{item.summary}</p>
        {item.options?.length ? (
          <div className="treatment-card-options">
            <p className="treatment-card-options-label" id={`options-${item.id}`}>
              {t("treatments.options")}
            </p>
            <ul aria-labelledby={`options-${item.id}`}>
              {item.options.map((o) => (
                <li key={o.id}>
                  <Link to={o.path}>{o.title}</Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </article>
  );
}
