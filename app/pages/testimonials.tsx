import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections } from "~/components/content-sections";
import { OfferCallout } from "~/components/offer-callout";
import { PageHeader } from "~/components/page-header";
import { Pagination, paginationLinks } from "~/components/pagination";
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
    <>
      <PageHeader title={title} lead={lead} />
      <div className="container page-body">
        <section aria-labelledby="testimonials-heading">
          <h2 id="testimonials-heading" className="visually-hidden">
            {t("testimonials.list")}
          </h2>
          <ul className="testimonial-list">
            {testimonials.map((item, i) => (
              <li key={item.id}>
                <TestimonialCard testimonial={item} heading="h3" lazy={i >= 1} />
              </li>
            ))}
          </ul>
          <Pagination path={path} page={pageNumber} pageCount={pageCount} />
        </section>
        <article className="prose">
          <ContentSections sections={sections} />
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
