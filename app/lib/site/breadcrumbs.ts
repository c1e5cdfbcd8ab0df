import { getPage, pathFor, type Lang, type PageDef } from "~/lib/site/route-table";

/**
 * A page's place in the site, from the language's home page down to the page itself (the last
 * step). A page of the route table has its trail from the table (`tableTrail`: the root draws it for
 * any page whose loader gives none, so a page added to the table has one); a list's later page, a
 * detail or a sub-treatment extends its section's in its loader (`breadcrumbTrail` in
 * breadcrumbs.server.ts). The root shows the trail as the visible breadcrumbs and hands the same
 * steps to search engines below.
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

/**
 * A table page's trail: home, the pages it sits under (`parent` in route-table.json), then itself,
 * each titled as its own header is. Home's trail is home alone, which shows nothing.
 */
export function tableTrail(page: PageDef, lang: Lang, t: (key: string) => string): Breadcrumb[] {
  const chain: PageDef[] = [];
  for (let step: PageDef | undefined = page; step && step.name !== "home"; step = step.parent ? getPage(step.parent) : undefined) chain.unshift(step);
  const steps = chain.flatMap((step) => {
    const path = pathFor(step.name, lang);
    return path ? [{ name: t(step.pageTitle), path }] : [];
  });
  return [{ name: t("breadcrumbs.home"), path: pathFor("home", lang)! }, ...steps];
}
