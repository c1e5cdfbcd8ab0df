import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections } from "~/components/content-sections";
import { Pagination, paginationLinks } from "~/components/pagination";
import { OfferCallout } from "~/components/offer-callout";
import { PageHeader } from "~/components/page-header";
import { TreatmentCard } from "~/components/treatment-card";
import { getTreatmentsPage } from "~/lib/api/content.server";
import { PAGE_SIZES, pagePath } from "~/lib/list-page";
import { toResponse } from "~/lib/api/unavailable.server";
import { getPageContent } from "~/lib/content.server";
import { pageMeta } from "~/lib/meta";
import { buildPageMeta, getT, requireRoute } from "~/lib/page.server";
import { metaOfPage, requireExistingPage, requirePageNumber } from "~/lib/list-page.server";
import { detailPath, pathFor, subDetailPath } from "~/lib/route-table";
import { breadcrumbTrail, itemListJsonLd } from "~/lib/structured-data.server";
import treatmentsStyles from "~/styles/treatments.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatmentsStyles }, ...paginationLinks];

export const meta = pageMeta;

/** Above the fold on a desktop: the first row of cards loads at once, the rest lazily. */
const EAGER_CARDS = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, lang } = requireRoute(request);
  const pageIndex = requirePageNumber(request);
  const [t, content, list] = await Promise.all([
    getT(lang),
    getPageContent(page.name, lang),
    getTreatmentsPage(lang, pageIndex, PAGE_SIZES.treatments).catch(toResponse),
  ]);
  const pageCount = requireExistingPage(pageIndex, list.totalCount, PAGE_SIZES.treatments);
  const basePath = pathFor(page.name, lang)!;
  const title = t(page.pageTitle);
  // Only what the cards show goes to the browser, not each treatment's full text.
  const cards = list.items.map((item) => {
    const parent = { uri: item.uri, id: item.id };
    return {
      id: item.id,
      title: item.title,
      summary: item.summary,
      image: item.image,
      path: detailPath(page.name, lang, item.uri, item.id)!,
      options: item.subTreatments.map((sub) => ({
        id: sub.id,
        title: sub.title,
        path: subDetailPath(page.name, lang, parent, sub)!,
      })),
    };
  });
  const paged = pageIndex > 1;
  const pageLabel = t("treatmentPages.pageLabel", { page: pageIndex, total: pageCount });
  return {
    meta: metaOfPage(
      buildPageMeta(
        page,
        lang,
        paged ? `${title} – ${pageLabel}` : title,
        paged ? `${content.metaDescription} ${pageLabel}.` : content.metaDescription,
      ),
      pageIndex,
    ),
    breadcrumbs: await breadcrumbTrail(lang, [
      { name: title, path: basePath },
      ...(paged ? [{ name: pageLabel, path: pagePath(basePath, pageIndex) }] : []),
    ]),
    jsonLd: itemListJsonLd(
      cards.map((c) => ({ name: c.title, path: c.path })),
      (pageIndex - 1) * PAGE_SIZES.treatments + 1,
    ),
    title,
    content: { lead: content.lead, sections: paged ? [] : content.sections },
    cards,
    pageIndex,
    pageCount,
    basePath,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}

export default function TreatmentsPage() {
  const { title, content, cards, pageIndex, pageCount, basePath, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={content.lead}>
        {pageCount > 1 ? (
          <p className="treatments-page-label">{t("treatmentPages.pageLabel", { page: pageIndex, total: pageCount })}</p>
        ) : null}
      </PageHeader>
      <div className="container treatments-body">
        <ul className="treatment-grid">
          {cards.map((card, i) => (
            <li key={card.id}>
              <TreatmentCard item={card} lazy={i >= EAGER_CARDS} />
            </li>
          ))}
        </ul>
        <Pagination path={basePath} page={pageIndex} pageCount={pageCount} />
        {content.sections.length ? (
          <article className="prose treatments-notes">
            <ContentSections sections={content.sections} />
          </article>
        ) : null}
      </div>
      <OfferCallout to={offerPath} />
    </>
  );
}
