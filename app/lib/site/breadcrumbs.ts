/**
 * A page's place in the site, from the language's home page down to the page itself (the last
 * step). One trail per page, built in its loader (`breadcrumbTrail` in breadcrumbs.server.ts); the
 * root shows it as the visible breadcrumbs and hands the same steps to search engines below.
 */
export interface Breadcrumb {
  name: string;
  /** Site-relative, raw Unicode as in the route table. */
  path: string;
}

/** The trail as schema.org BreadcrumbList; a trail of home alone says nothing and gives none. */
export function breadcrumbListJsonLd(crumbs: Breadcrumb[], origin: string) {
  if (crumbs.length < 2) return null;
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: new URL(encodeURI(crumb.path), origin).href,
    })),
  };
}
