import { ARCHIVE_PAGE, getArchive } from "~/lib/bulletins/archive.server";
import { FORMS_PAGE } from "~/lib/forms/built-form-paths";
import { getPublishedForms } from "~/lib/forms/built-forms.server";
import { getAllAboutLife, type ContentContext } from "~/lib/platform/api/content.server";
import { ABOUT_LIFE } from "~/lib/site/about-life.server";
import { ownPath, pages, type Lang } from "~/lib/site/route-table";

/**
 * How each of the route table's `onlyWithItems` pages (ADR 060) knows whether a language has items:
 * the one place the menus, default (ADR 063) and edited (ADR 062), ask. Each answer is a cached read.
 */
const HAS_ITEMS: Record<string, (context: ContentContext, lang: Lang) => Promise<boolean>> = {
  [ARCHIVE_PAGE]: async (context, lang) => (await getArchive(context)).some((issue) => issue.list === lang),
  [ABOUT_LIFE]: async (context, lang) => (await getAllAboutLife(context, lang)).length > 0,
  [FORMS_PAGE]: async (context, lang) => (await getPublishedForms(context)).some((form) => form.lang === lang),
};

const ONLY_WITH_ITEMS = pages.filter((page) => page.onlyWithItems);
// A page added to the table with the flag but not here would never show in a menu: refuse to start instead.
for (const page of ONLY_WITH_ITEMS) {
  if (!HAS_ITEMS[page.name]) throw new Error(`route table: "${page.name}" is onlyWithItems, but pages-with-items.server.ts cannot tell when it has items`);
}

/**
 * The `onlyWithItems` pages that exist in `lang` now: named by the menus. An API that cannot answer
 * leaves the page out rather than the page down (the menus are on every page).
 */
export async function pagesWithItems(context: ContentContext, lang: Lang): Promise<string[]> {
  const found = await Promise.all(
    ONLY_WITH_ITEMS.filter((page) => ownPath(page, lang)).map(async (page) =>
      (await HAS_ITEMS[page.name](context, lang).catch(() => false)) ? page.name : null,
    ),
  );
  return found.filter((name): name is string => name !== null);
}
