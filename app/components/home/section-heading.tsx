import { Link } from "@remix-run/react";

/** A home section's heading, with a link to the page that lists everything in it. */
export function SectionHeading({ id, title, intro, more }: { id: string; title: string; intro?: string; more?: { to: string; label: string } | null }) {
  return (
    <div className="home-section-heading">
      <div>
        <h2 id={id}>{title}</h2>
        {intro ? <p className="home-section-intro">{intro}</p> : null}
      </div>
      {more ? (
        <Link to={more.to} className="home-more-link">
          {more.label}
          <span aria-hidden="true" className="home-more-arrow">
            ›
          </span>
        </Link>
      ) : null}
    </div>
  );
}
