import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DealCard } from "~/components/deal-card";
import { PackageList } from "~/components/package-card";
import { ListPageLayout } from "~/components/list-page-layout";
import type { ContentContext } from "~/lib/platform/api/content.server";
import { isDealOpen, toDealCard, toPackageCard } from "~/lib/site/cards";
import type { Lang } from "~/lib/site/route-table";
import { getAllPackages, getAllSpecialDeals, itemListJsonLd, loadListPage, slicePage } from "./deals.server";
import { pageMeta } from "~/components/page-kit";

export const meta = pageMeta;
/** Deals that have ended stay reachable at their address but leave the list. */
async function openDealsPage(context: ContentContext, lang: Lang, pageNumber: number, pageSize: number) {
  const open = (await getAllSpecialDeals(context, lang)).filter((deal) => isDealOpen(deal));
  return { items: slicePage(open, pageNumber, pageSize), totalCount: open.length };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lang, items, offset, frame } = await loadListPage(request, context, "special-deals", (lang, n, size) => openDealsPage(context, lang, n, size));
  const deals = items.map((deal) => toDealCard(deal, lang));
  // Beside the deals, on the list's first page: the treatment packages valid today (ADR 064).
  const packages = frame.pageNumber === 1 ? (await getAllPackages(context, lang).catch(() => [])).map((pkg) => toPackageCard(pkg, lang)) : [];
  return {
    ...frame,
    jsonLd: itemListJsonLd(
      context.config.siteUrl,
      deals.map((d) => ({ name: d.title, path: d.path })),
      { offset },
    ),
    deals,
    packages,
  };
}

export default function DealsPage() {
  const { deals, packages, ...frame } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ListPageLayout frame={frame} listId="deals-heading" listLabel={t("deals.list")} beside={<PackageList packages={packages} id="deals-packages-heading" />}>
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
