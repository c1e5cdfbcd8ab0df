import type { MetaDescriptor, MetaFunction } from "@remix-run/node";

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  alternates: { hrefLang: string; href: string }[];
}

export function metaTags(meta: PageMeta | undefined): MetaDescriptor[] {
  if (!meta) return [];
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { tagName: "link", rel: "canonical", href: meta.canonical },
    ...meta.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hrefLang, href: a.href })),
  ];
}

/** Every page loader returns `meta`; one function turns it into tags. */
export const pageMeta: MetaFunction = ({ data }) => metaTags((data as { meta?: PageMeta } | undefined)?.meta);
