import type { Package, SpecialDeal } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { isDealOpen, toPackageCard } from "~/lib/site/cards";
import { formatDate, formatPrice, isoDay } from "~/lib/site/format";
import { buildPageMeta, itemMeta } from "~/lib/site/page.server";
import { getPage, pathFor, type Lang, type LanguagePaths } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";
import { offerLd } from "~/lib/site/structured-data.server";

/**
 * A special deal's page data at `path`: what its route renders, and the preview of a draft.
 * `packages`: the language's packages valid today; the deal shows the one it names (ADR 064), if it is among them.
 */
export async function dealView(siteUrl: string, deal: SpecialDeal, lang: Lang, path: string, languagePaths: LanguagePaths, packages: Package[] = []) {
  const page = getPage("special-deals")!;
  const pkg = deal.packageId === undefined ? undefined : packages.find((p) => p.id === deal.packageId);
  return {
    meta: await buildPageMeta(siteUrl, lang, { ...itemMeta(deal, deal.title, deal.image), paths: languagePaths }),
    languagePaths,
    breadcrumbs: await breadcrumbTrail(lang, page, { name: deal.title, path }),
    jsonLd: offerLd(siteUrl, deal, path),
    deal: {
      title: deal.title,
      summary: deal.summary,
      image: deal.image,
      includes: deal.includes,
      price: formatPrice(lang, deal.priceFrom.amount, deal.priceFrom.currency),
      validUntil: { iso: isoDay(deal.validUntil), label: formatDate(lang, deal.validUntil) },
      open: isDealOpen(deal),
      body: sanitizeRichText(deal.body),
      package: pkg ? toPackageCard(pkg, lang) : null,
    },
    dealsPath: pathFor(page.name, lang)!,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
