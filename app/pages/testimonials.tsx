import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListPageLayout } from "~/components/list-page-layout";
import { paginationLinks } from "~/components/pagination";
import { TestimonialCard, testimonialCardLinks } from "~/components/testimonial-card";
import { getTestimonialsPage } from "~/lib/api/content.server";
import { toResponse } from "~/lib/api/unavailable.server";
import { toTestimonialCard } from "~/lib/cards";
import { getPageContent } from "~/lib/content.server";
import { buildListMeta, pagedBreadcrumbs, requireExistingPage, requirePageNumber } from "~/lib/list-page.server";
import { PAGE_SIZES } from "~/lib/list-page";
import { pageMeta } from "~/lib/meta";
import { getT, requireRoute } from "~/lib/page.server";
import { pathFor } from "~/lib/route-table";
import { sanitizeRichText } from "~/lib/sanitize.server";

const TESTIMONIALS_PAGE_SIZE = PAGE_SIZES["testimonials"];

export const meta = pageMeta;
export const links: LinksFunction = () => [...testimonialCardLinks, ...paginationLinks];

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, lang } = requireRoute(request);
  const pageNumber = requirePageNumber(request);
  const [t, content, list] = await Promise.all([
    getT(lang),
    getPageContent(page.name, lang),
    getTestimonialsPage(lang, pageNumber, TESTIMONIALS_PAGE_SIZE).catch(toResponse),
  ]);
  const pageCount = requireExistingPage(pageNumber, list.totalCount, TESTIMONIALS_PAGE_SIZE);
  const title = t(page.pageTitle);
  const path = pathFor(page.name, lang)!;
  // No jsonLd: reviews a provider publishes about itself are not eligible for review markup.
  return json({
    meta: await buildListMeta(page, lang, title, content.metaDescription, pageNumber, pageCount),
    breadcrumbs: await pagedBreadcrumbs(page, lang, title, pageNumber, pageCount),
    title,
    lead: content.lead,
    sections: content.sections,
    testimonials: list.items.map((item) => toTestimonialCard(item, sanitizeRichText(item.body))),
    path,
    pageNumber,
    pageCount,
    offerPath: pathFor("get-an-offer", lang)!,
  });
}

export default function TestimonialsPage() {
  const { title, lead, sections, testimonials, path, pageNumber, pageCount, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ListPageLayout
      title={title}
      lead={lead}
      listId="testimonials-heading"
      listLabel={t("testimonials.list")}
      path={path}
      pageNumber={pageNumber}
      pageCount={pageCount}
      sections={sections}
      offerPath={offerPath}
    >
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
