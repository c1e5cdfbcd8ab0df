import type { Breadcrumb } from "~/lib/site/breadcrumbs";
import { getT } from "~/lib/site/page.server";
import { pathFor, type Lang, type PageDef } from "~/lib/site/route-table";

/**
 * Every page's breadcrumbs: the language's home page, the page of the table the current page
 * belongs to (titled as its own header is), then the steps below it, the last being the current
 * page (a detail, a sub-treatment, page N of a list).
 */
export async function breadcrumbTrail(lang: Lang, section: PageDef, ...below: Breadcrumb[]): Promise<Breadcrumb[]> {
  const t = await getT(lang);
  return [{ name: t("breadcrumbs.home"), path: pathFor("home", lang)! }, { name: t(section.pageTitle), path: pathFor(section.name, lang)! }, ...below];
}
