/**
 * schema.org objects for the loaders' `jsonLd`, and the breadcrumb trails for their `breadcrumbs`.
 * Plain objects: the root renders them once, centrally, from the leaf route's data.
 */
import { absoluteUrl, getT } from "~/lib/page.server";
import { languages, nativeLanguageName, pathFor, type Lang } from "~/lib/route-table";
import { siteConfig } from "~/site-config";

export interface Breadcrumb {
  name: string;
  path: string;
}

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

/** A page of a list: positions continue across pages. */
export function itemListJsonLd(items: { name: string; path: string }[], firstPosition: number) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: firstPosition + i,
      name: item.name,
      url: absoluteUrl(item.path),
    })),
  };
}

/** A trail from the language's home page through the given crumbs (the last is the current page). */
export async function breadcrumbTrail(lang: Lang, crumbs: Breadcrumb[]): Promise<Breadcrumb[]> {
  const t = await getT(lang);
  return [{ name: t("homePage.crumb"), path: pathFor("home", lang)! }, ...crumbs];
}
