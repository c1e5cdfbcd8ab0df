import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListPageLayout } from "~/components/list-page-layout";
import { TestimonialCard } from "~/components/testimonial-card";
import { toTestimonialCard } from "~/lib/site/cards";
import { getTestimonialsPage, loadListPage, sanitizeRichText } from "./testimonials.server";
import { pageMeta } from "~/components/page-kit";

export const meta = pageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { items, frame } = await loadListPage(request, context, "testimonials", (lang, n, size) => getTestimonialsPage(context, lang, n, size));
  // No jsonLd: reviews a provider publishes about itself are not eligible for review markup.
  return { ...frame, testimonials: items.map((item) => toTestimonialCard(item, sanitizeRichText(item.body))) };
}

export default function TestimonialsPage() {
  const { testimonials, ...frame } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ListPageLayout frame={frame} listId="testimonials-heading" listLabel={t("testimonials.list")}>
      <ul className="testimonial-list">
        {testimonials.map((item, i) => (
          <li key={item.id}>
            <TestimonialCard testimonial={item} heading="h3" lazy={i >= 1} />
          </li>
        ))}
      </ul>
    </ListPageLayout>
  );
}
