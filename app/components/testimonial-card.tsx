import { useTranslation } from "react-i18next";
import { ApiImage } from "~/components/api-image";
import type { TestimonialCardData } from "~/lib/site/cards";

/**
 * A patient's testimonial: the headline is their own words, the summary tells their story, and the
 * body (when given) quotes them in full. Who they are and their treatment close the card.
 */
export function TestimonialCard({
  testimonial,
  heading: Heading = "h2",
  lazy = false,
}: {
  testimonial: TestimonialCardData;
  heading?: "h2" | "h3";
  lazy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article className="testimonial-card">
      <ApiImage className="testimonial-card-image" image={testimonial.image} lazy={lazy} />
      <div className="testimonial-card-body">
        <Heading className="testimonial-card-title">{testimonial.title}</Heading>
        <p className="testimonial-card-summary">{testimonial.summary}</p>
        {testimonial.body ? <blockquote className="testimonial-card-quote" dangerouslySetInnerHTML={{ __html: testimonial.body }} /> : null}
        <footer className="testimonial-card-footer">
          <p className="testimonial-card-author">{testimonial.author}</p>
          {testimonial.treatment ? <p className="testimonial-card-treatment">{t("testimonials.treatment", { treatment: testimonial.treatment })}</p> : null}
        </footer>
      </div>
    </article>
  );
}
