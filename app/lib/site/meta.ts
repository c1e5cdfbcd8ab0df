import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import type { MetaImage } from "~/lib/site/meta-image";

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
  /** The page's language, for og:locale. */
  lang: string;
  siteName: string;
  /** "article" for posts and other dated items; "website" otherwise. */
  type?: "website" | "article";
  /** What a shared link shows: the item's own picture, else the language's default; its URL absolute. */
  image: MetaImage;
}

// Open Graph wants a territory with the language.
const OG_LOCALES: Record<string, string> = { en: "en_GB", tr: "tr_TR", ru: "ru_RU", fr: "fr_FR", ar: "ar_AR" };

export function metaTags(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  const others = meta.alternates.filter((a) => a.hrefLang !== "x-default" && a.hrefLang !== meta.lang);
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { tagName: "link", rel: "canonical", href: meta.canonical },
    ...meta.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hrefLang, href: a.href })),
    { property: "og:type", content: meta.type ?? "website" },
    { property: "og:site_name", content: meta.siteName },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:url", content: meta.canonical },
    { property: "og:locale", content: OG_LOCALES[meta.lang] ?? meta.lang },
    ...others.map((a) => ({ property: "og:locale:alternate", content: OG_LOCALES[a.hrefLang] ?? a.hrefLang })),
    { property: "og:image", content: meta.image.url },
    ...(meta.image.type ? [{ property: "og:image:type", content: meta.image.type }] : []),
    { property: "og:image:width", content: String(meta.image.width) },
    { property: "og:image:height", content: String(meta.image.height) },
    { property: "og:image:alt", content: meta.image.alt },
    // X takes the title and description from Open Graph; the card's kind, its picture and alt text are named for it.
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: meta.image.url },
    { name: "twitter:image:alt", content: meta.image.alt },
  ];
}

/** Every page loader returns `meta`; one function turns it into tags. */
export const pageMeta: MetaFunction = ({ data }) => metaTags((data as { meta?: PageMeta } | undefined)?.meta);
