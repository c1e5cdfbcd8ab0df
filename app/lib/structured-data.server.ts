import type { BlogPost, SpecialDeal } from "~/lib/api/contract";
import { absoluteUrl } from "~/lib/page.server";
import { languages, nativeLanguageName, pathFor, type Lang } from "~/lib/route-table";
import { siteConfig } from "~/site-config";

/** A page's `jsonLd` loader data: one plain schema.org object, which the root renders centrally. */
type ImageRef = { url: string; width: number; height: number };

const imageObject = (image: ImageRef) => ({
  "@type": "ImageObject",
  url: absoluteUrl(image.url),
  width: image.width,
  height: image.height,
});

export function medicalClinicJsonLd(lang: Lang) {
  const { postalAddress } = siteConfig;
  return {
    "@context": "https://schema.org",
    "@type": "MedicalClinic",
    name: siteConfig.brand,
    url: absoluteUrl(pathFor("home", lang)!),
    logo: absoluteUrl("/favicon.svg"),
    telephone: siteConfig.phone,
    email: siteConfig.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: postalAddress.streetAddress,
      addressLocality: postalAddress.addressLocality,
      addressRegion: postalAddress.addressRegion,
      postalCode: postalAddress.postalCode,
      addressCountry: postalAddress.addressCountry,
    },
    medicalSpecialty: [...siteConfig.medicalSpecialties],
    availableLanguage: languages.map((code) => ({ "@type": "Language", name: nativeLanguageName(code), alternateName: code })),
    sameAs: siteConfig.social.map((s) => s.url),
  };
}

/** A treatment or sub-treatment. The API has no procedure type or body location, so neither is claimed. */
export function medicalProcedureJsonLd(item: { title: string; summary: string; image: ImageRef }, path: string) {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalProcedure",
    name: item.title,
    description: item.summary,
    image: imageObject(item.image),
    url: absoluteUrl(path),
  };
}

export type JsonLd = Record<string, unknown> & { "@context": "https://schema.org"; "@type": string };

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

/** A page of a list whose first item sits at `firstPosition` (positions continue across pages). */
export const itemListJsonLd = (items: { name: string; path: string }[], firstPosition: number) => itemListLd(items, firstPosition - 1);
