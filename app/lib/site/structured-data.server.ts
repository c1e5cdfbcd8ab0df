import type { BlogPost, Package, Settings, SpecialDeal } from "~/lib/platform/api/contract";
import { CLINIC_LOGO } from "~/lib/site/meta-image";
import { absoluteUrl } from "~/lib/site/page.server";
import { languages, nativeLanguageName, pathFor, type Lang } from "~/lib/site/route-table";
import { siteConfig, socialLinks } from "~/site-config";

type ImageRef = { url: string; width: number; height: number };

export const imageObject = (siteUrl: string, image: ImageRef) => ({
  "@type": "ImageObject",
  url: absoluteUrl(siteUrl, image.url),
  width: image.width,
  height: image.height,
});

/** The clinic's logo, wherever the clinic appears: Google shows it beside the clinic and a post's publisher. */
const logo = (siteUrl: string) => imageObject(siteUrl, CLINIC_LOGO);

/**
 * How every other object names the provider: by the @id of the clinic the home page describes in
 * full, so search engines read one clinic wherever it appears (a doctor's memberOf, for one).
 */
export const clinicReference = (siteUrl: string) => ({
  "@type": "MedicalClinic",
  "@id": `${absoluteUrl(siteUrl, "/")}#clinic`,
  name: siteConfig.brand,
  logo: logo(siteUrl),
});

/** The provider in full, on the home page: its contact details as the back office set them. */
export function medicalClinicJsonLd(siteUrl: string, lang: Lang, settings: Settings) {
  const { postalAddress } = siteConfig;
  return {
    "@context": "https://schema.org",
    ...clinicReference(siteUrl),
    url: absoluteUrl(siteUrl, pathFor("home", lang)!),
    telephone: settings.phone,
    email: settings.email,
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
    sameAs: socialLinks(settings).map((s) => s.url),
  };
}

/** A treatment or sub-treatment. The API has no procedure type or body location, so neither is claimed. */
export function medicalProcedureJsonLd(siteUrl: string, item: { title: string; summary: string; image: ImageRef }, path: string) {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalProcedure",
    name: item.title,
    description: item.summary,
    image: imageObject(siteUrl, item.image),
    url: absoluteUrl(siteUrl, path),
  };
}

/** A page's `jsonLd` loader data: one plain schema.org object, which the root renders centrally. */
export type JsonLd = Record<string, unknown> & { "@context": "https://schema.org"; "@type": string };

export const organization = (siteUrl: string) => ({ "@type": "Organization", name: siteConfig.brand, url: absoluteUrl(siteUrl, "/"), logo: logo(siteUrl) });

export function blogPostingLd(siteUrl: string, post: BlogPost, lang: Lang, path: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.summary,
    datePublished: post.publishedAt,
    author: { "@type": "Person", name: post.author },
    publisher: organization(siteUrl),
    image: imageObject(siteUrl, post.image),
    inLanguage: lang,
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(siteUrl, path) },
  };
}

export function offerLd(siteUrl: string, deal: SpecialDeal, path: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Offer",
    name: deal.title,
    description: deal.summary,
    price: deal.priceFrom.amount,
    priceCurrency: deal.priceFrom.currency,
    validThrough: deal.validUntil,
    url: absoluteUrl(siteUrl, path),
    image: absoluteUrl(siteUrl, deal.image.url),
    seller: organization(siteUrl),
  };
}

/**
 * A treatment package as a schema.org Offer (ADR 064): its price to its last day, for the package
 * as a service of its treatment (a MedicalProcedure is no thing an Offer's itemOffered may name).
 */
export function packageOfferLd(siteUrl: string, pkg: Package, treatment: { title: string; path: string }): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Offer",
    name: pkg.title,
    description: pkg.summary,
    price: pkg.price.amount,
    priceCurrency: pkg.price.currency,
    validThrough: pkg.validUntil,
    url: absoluteUrl(siteUrl, treatment.path),
    seller: organization(siteUrl),
    itemOffered: {
      "@type": "Service",
      name: pkg.title,
      serviceType: treatment.title,
      description: pkg.includes.join("; "),
      provider: clinicReference(siteUrl),
    },
  };
}

/**
 * The FAQ page's questions as schema.org FAQPage. Each answer is the sanitized HTML the page shows,
 * which the format allows (links, lists, paragraphs).
 */
export function faqPageJsonLd(questions: { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: questions.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/** One entry of a list: its page, and its name or the whole schema.org object it stands for. */
type ListEntry = { path: string } & ({ name: string } | { item: Record<string, unknown> });

/**
 * A list page's entries as schema.org ItemList, in order. `offset` is how many entries earlier
 * pages hold (positions continue across pages). A list shown whole on one page (`whole`) also
 * names itself, its address and its size.
 */
export function itemListJsonLd<E extends ListEntry>(
  siteUrl: string,
  entries: E[],
  { offset = 0, whole }: { offset?: number; whole?: { name: string; path: string } } = {},
) {
  return {
    "@context": "https://schema.org" as const,
    "@type": "ItemList",
    ...(whole ? { name: whole.name, url: absoluteUrl(siteUrl, whole.path), numberOfItems: entries.length } : {}),
    itemListElement: entries.map(({ path, ...entry }, i) => ({
      "@type": "ListItem",
      position: offset + i + 1,
      url: absoluteUrl(siteUrl, path),
      ...entry,
    })),
  };
}
