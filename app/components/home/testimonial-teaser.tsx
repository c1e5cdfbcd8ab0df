import { Link } from "@remix-run/react";

export interface TestimonialTeaserData {
  id: number;
  title: string;
  summary: string;
  author: string;
  path: string;
}

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
