import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DealCard, dealCardLinks } from "~/components/deal-card";
import { ListPageLayout } from "~/components/list-page-layout";
import { paginationLinks } from "~/components/pagination";
import { getAllSpecialDeals } from "~/lib/api/content.server";
import { toResponse } from "~/lib/api/unavailable.server";
import { isDealOpen, toDealCard } from "~/lib/cards";
import { getPageContent } from "~/lib/content.server";
import {
  buildListMeta,
  pagedBreadcrumbs,
  requireExistingPage,
  requirePageNumber,
  slicePage,
} from "~/lib/list-page.server";
import { PAGE_SIZES } from "~/lib/list-page";
import { pageMeta } from "~/lib/meta";
import { getT, requireRoute } from "~/lib/page.server";
import { pathFor } from "~/lib/route-table";
import { itemListLd } from "~/lib/structured-data.server";

const DEALS_PAGE_SIZE = PAGE_SIZES["special-deals"];

export const meta = pageMeta;
export const links: LinksFunction = () => [...dealCardLinks, ...paginationLinks];

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, lang } = requireRoute(request);
  const pageNumber = requirePageNumber(request);
  const [t, content, all] = await Promise.all([
    getT(lang),
    getPageContent(page.name, lang),
    getAllSpecialDeals(lang).catch(toResponse),
  ]);
  // Deals that have ended stay reachable at their address but leave the list.
  const open = all.filter((deal) => isDealOpen(deal));
  const pageCount = requireExistingPage(pageNumber, open.length, DEALS_PAGE_SIZE);
  const title = t(page.pageTitle);
  const deals = slicePage(open, pageNumber, DEALS_PAGE_SIZE).map((deal) => toDealCard(deal, lang));
  return json({
    meta: await buildListMeta(page, lang, title, content.metaDescription, pageNumber, pageCount),
    breadcrumbs: await pagedBreadcrumbs(page, lang, title, pageNumber, pageCount),
    jsonLd: itemListLd(
      deals.map((d) => ({ name: d.title, path: d.path })),
      (pageNumber - 1) * DEALS_PAGE_SIZE,
    ),
    title,
    lead: content.lead,
    sections: content.sections,
    deals,
    path: pathFor(page.name, lang)!,
    pageNumber,
    pageCount,
    offerPath: pathFor("get-an-offer", lang)!,
  });
}

export default function DealsPage() {
  const { title, lead, sections, deals, path, pageNumber, pageCount, offerPath } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ListPageLayout
      title={title}
      lead={lead}
      listId="deals-heading"
      listLabel={t("deals.list")}
      path={path}
      pageNumber={pageNumber}
      pageCount={pageCount}
      sections={sections}
      offerPath={offerPath}
    >
      {deals.length ? (
        <ul className="deal-grid">
          {deals.map((deal, i) => (
            <li key={deal.id}>
              <DealCard deal={deal} heading="h3" lazy={i >= 3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="deals-empty">{t("deals.none")}</p>
      )}
      
    </ListPageLayout>
  );
}
