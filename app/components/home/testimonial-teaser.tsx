import { Link } from "@remix-run/react";
import type { TestimonialCardData } from "~/lib/site/cards";

/** A testimonial card with where its link leads (the testimonials page: they have no page of their own). */
type TestimonialTeaserData = TestimonialCardData & { path: string };

/** A patient's story in a few lines: their own headline as the quote, who they are, what happened. */
export function TestimonialTeaser({ item }: { item: TestimonialTeaserData }) {
  return (
    <article className="testimonial-teaser">
      <blockquote>
        <p className="testimonial-quote">
          <Link to={item.path} className="stretched-link">
            {item.title}
          </Link>
        </p>
      </blockquote>
      <p className="testimonial-author">{item.author}</p>
      <p className="testimonial-summary">{item.summary}</p>
    </article>
  );
}
