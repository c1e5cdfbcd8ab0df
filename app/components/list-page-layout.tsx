import type { ReactNode } from "react";
import { ContentSections } from "~/components/content-sections";
import { OfferCallout } from "~/components/offer-callout";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import type { PageText } from "~/lib/page-text.server";

/**
 * A paged list page (blog, testimonials, special deals): header, the list under a heading for
 * screen readers, page links, the page's own text, and the call to get an offer.
 */
export function ListPageLayout({
  title,
  lead,
  listId,
  listLabel,
  path,
  pageNumber,
  pageCount,
  sections,
  offerPath,
  children,
}: {
  title: string;
  lead?: string;
  listId: string;
  listLabel: string;
  path: string;
  pageNumber: number;
  pageCount: number;
  sections: PageText["sections"];
  offerPath: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <div className="container page-body">
        <section aria-labelledby={listId}>
          <h2 id={listId} className="visually-hidden">
            {listLabel}
          </h2>
          {children}
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
