import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pagination } from "~/components/pagination";
import { TreatmentCard } from "~/components/treatment-card";
import { toTreatmentCard } from "~/lib/site/cards";
import { getTreatmentsPage, itemListJsonLd, loadListPage } from "./treatments.server";
import { ContentSections, OfferCallout, PageHeader, pageMeta } from "~/components/page-kit";

export const meta = pageMeta;

/** Above the fold on a desktop: the first row of cards loads at once, the rest lazily. */
const EAGER_CARDS = 3;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lang, items, offset, frame } = await loadListPage(request, context, "treatments", (lang, n, size) => getTreatmentsPage(context, lang, n, size));
  const cards = items.map((item) => toTreatmentCard(item, lang, { withOptions: true }));
  return {
    ...frame,
    // The notes under the list are read once, on its first page.
    sections: frame.pageNumber > 1 ? [] : frame.sections,
    jsonLd: itemListJsonLd(
      context.config.siteUrl,
      cards.map((c) => ({ name: c.title, path: c.path })),
      { offset },
    ),
    cards,
  };
}

export default function TreatmentsPage() {
  const { title, lead, sections, cards, pageNumber, pageCount, path, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={lead}>
        {pageCount > 1 ? <p className="treatments-page-label">{t("pagination.pageOf", { page: pageNumber, count: pageCount })}</p> : null}
      </PageHeader>
      <div className="container treatments-body">
        <ul className="treatment-grid">
          {cards.map((card, i) => (
            <li key={card.id}>
              <TreatmentCard item={card} lazy={i >= EAGER_CARDS} />
            </li>
          ))}
        </ul>
        <Pagination path={path} page={pageNumber} pageCount={pageCount} />
        {sections.length ? (
          <article className="prose treatments-notes">
            <ContentSections sections={sections} />
          </article>
        ) : null}
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
