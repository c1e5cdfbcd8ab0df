import { tableTrail, type Breadcrumb } from "~/lib/site/breadcrumbs";
import { getT } from "~/lib/site/page.server";
import type { Lang, PageDef } from "~/lib/site/route-table";

/**
 * The breadcrumbs of a page below a page of the table: the table page's own trail (home, what it
 * sits under, itself), then the steps below it, the last being the current page (a detail, a
 * sub-treatment, page N of a list).
 */
export async function breadcrumbTrail(lang: Lang, section: PageDef, ...below: Breadcrumb[]): Promise<Breadcrumb[]> {
  const t = await getT(lang);
  return [...tableTrail(section, lang, t), ...below];
}
