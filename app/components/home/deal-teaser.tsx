import { Link } from "@remix-run/react";
import { ApiImage } from "~/components/api-image";

export interface DealTeaserData {
  id: number;
  title: string;
  summary: string;
  image: { url: string; width: number; height: number; alt: string };
  path: string;
  /** Already formatted in the page's language, e.g. "from €2,200". */
  price: string;
  validUntil: string;
}

export function DealTeaser({ deal }: { deal: DealTeaserData }) {
  return (
    <article className="tile home-card deal-teaser">
      <ApiImage className="home-card-image" image={deal.image} lazy />
      <div className="home-card-body">
        <p className="deal-price">{deal.price}</p>
        <h3>
          <Link to={deal.path} className="stretched-link">
            {deal.title}
          </Link>
        </h3>
        <p>{deal.summary}</p>
        <p className="home-card-meta">{deal.validUntil}</p>
      </div>
    </article>
  );
}
