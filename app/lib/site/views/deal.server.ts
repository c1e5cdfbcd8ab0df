import type { SpecialDeal } from "~/lib/platform/api/contract";
import { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
import { isDealOpen } from "~/lib/site/cards";
import { formatDate, formatPrice, isoDay } from "~/lib/site/format";
import { buildPageMeta, itemMeta } from "~/lib/site/page.server";
import { getPage, pathFor, type Lang, type LanguagePaths } from "~/lib/site/route-table";
import { sanitizeRichText } from "~/lib/site/sanitize.server";
import { offerLd } from "~/lib/site/structured-data.server";

/** A special deal's page data at `path`: what its route renders, and the preview of a draft. */
export async function dealView(siteUrl: string, deal: SpecialDeal, lang: Lang, path: string, languagePaths: LanguagePaths) {
  const page = getPage("special-deals")!;
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
    },
    dealsPath: pathFor(page.name, lang)!,
    offerPath: pathFor("get-an-offer", lang)!,
  };
}
