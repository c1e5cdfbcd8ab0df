import type { ReactNode } from "react";
import { ContentSections } from "~/components/content-sections";
import { OfferCallout } from "~/components/offer-callout";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import type { loadListPage } from "~/lib/site/list-page.server";

/** What the frame shows of the list page's loader data (loadListPage's `frame`). */
type ListFrame = Pick<Awaited<ReturnType<typeof loadListPage>>["frame"], "title" | "lead" | "path" | "pageNumber" | "pageCount" | "sections" | "offerPath">;

/**
 * A paged list page (blog, testimonials, special deals): header, the list under a heading for
 * screen readers, page links, the page's own text, and the call to get an offer.
 */
export function ListPageLayout({
  frame,
  listId,
  listLabel,
  children,
  beside,
}: {
  frame: ListFrame;
  listId: string;
  listLabel: string;
  children: ReactNode;
  /** A section of its own after the list (the deals' treatment packages, ADR 064). */
  beside?: ReactNode;
}) {
  const { title, lead, path, pageNumber, pageCount, sections, offerPath } = frame;
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
        {beside}
        <article className="prose">
          <ContentSections sections={sections} />
        </article>
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
