import type { BlogPost, SpecialDeal } from "~/lib/api/contract";
import { absoluteUrl, getT } from "~/lib/page.server";
import { pathFor, type Lang, type PageDef } from "~/lib/route-table";
import { siteConfig } from "~/site-config";

/**
 * Loader data the root renders centrally: `breadcrumbs` (home to the current page, site-relative
 * paths as in the route table) and `jsonLd` (one plain schema.org object).
 */
export interface Breadcrumb {
  name: string;
  path: string;
}
export type JsonLd = Record<string, unknown> & { "@context": "https://schema.org"; "@type": string };

/** Home, the list page, then whatever lies below it. */
export async function listBreadcrumbs(page: PageDef, lang: Lang, title: string, ...below: Breadcrumb[]): Promise<Breadcrumb[]> {
  const t = await getT(lang);
  return [
    { name: t("breadcrumbs.home"), path: pathFor("home", lang)! },
    { name: title, path: pathFor(page.name, lang)! },
    ...below,
  ];
}

const organization = () => ({ "@type": "Organization", name: siteConfig.brand, url: absoluteUrl("/") });

export function blogPostingLd(post: BlogPost, lang: Lang, path: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.summary,
    datePublished: post.publishedAt,
    author: { "@type": "Person", name: post.author },
    publisher: organization(),
    image: { "@type": "ImageObject", url: absoluteUrl(post.image.url), width: post.image.width, height: post.image.height },
    inLanguage: lang,
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(path) },
  };
}

export function offerLd(deal: SpecialDeal, path: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Offer",
    name: deal.title,
    description: deal.summary,
    price: deal.priceFrom.amount,
    priceCurrency: deal.priceFrom.currency,
    validThrough: deal.validUntil,
    url: absoluteUrl(path),
    image: absoluteUrl(deal.image.url),
    seller: organization(),
  };
}

/** A list page's items in order; `offset` is the position of the page's first item minus one. */
export function itemListLd(items: { name: string; path: string }[], offset = 0): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: offset + i + 1,
      url: absoluteUrl(item.path),
      name: item.name,
    })),
  };
}
