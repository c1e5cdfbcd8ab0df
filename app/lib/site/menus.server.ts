import type { AppLoadContext } from "@remix-run/node";
import type { ContentContext } from "~/lib/platform/api/content.server";
import type { MenuDoc, PublishedMenu } from "~/lib/platform/api/menus-contract";
import { pagesWithItems } from "~/lib/site/pages-with-items.server";
import { SETTINGS_MAX_AGE_MS } from "~/lib/site/settings.server";
import { resolveMenuDoc } from "~/lib/site/menu-doc.server";
import { getPage, type Lang, type ResolvedMenuItem } from "~/lib/site/route-table";

const KEY = "menus";

/** The header and footer of a language as an edited menu gives them (ADR 062). */
export interface EditedMenus {
  header: ResolvedMenuItem[];
  footer: ResolvedMenuItem[];
}

/**
 * Every language's published menu (GET menus), through the content cache with the settings' bound
 * (a change shows within 60 s on an instance that missed the change notice). The API down: none,
 * so the route table's menus show, as they would on a site that never published one.
 */
async function getPublishedMenus({ content }: ContentContext): Promise<PublishedMenu[]> {
  try {
    return await content.cached(KEY, async () => (await content.api.get("menus", { lang: "en" })).result.data, { maxAgeMs: SETTINGS_MAX_AGE_MS });
  } catch {
    return [];
  }
}

/** The pages a menu names. */
const namedPages = (doc: MenuDoc) =>
  [...doc.header, ...doc.footer].flatMap((e) => (e.type === "group" ? e.items : [e])).flatMap((e) => (e.type === "page" ? [e.page] : []));

/**
 * Which `onlyWithItems` pages have items in a language (pages-with-items.server.ts), asked only when
 * the menu names one: a page without items stays out rather than lead to the 404 it would answer.
 */
async function pagesWithItemsIn(context: ContentContext, doc: MenuDoc, lang: Lang): Promise<(page: string) => boolean> {
  if (!namedPages(doc).some((name) => getPage(name)?.onlyWithItems)) return () => false;
  const found = await pagesWithItems(context, lang);
  return (page) => found.includes(page);
}

/** A menu document resolved for a language: what the header and footer render. */
export async function resolveMenus(context: ContentContext, doc: MenuDoc, lang: Lang): Promise<EditedMenus> {
  const hasItems = await pagesWithItemsIn(context, doc, lang);
  return { header: resolveMenuDoc(doc, "header", lang, hasItems), footer: resolveMenuDoc(doc, "footer", lang, hasItems) };
}

/** The language's published menus, resolved; null where none is published (the route table's show). */
export async function getEditedMenus(context: ContentContext, lang: Lang): Promise<EditedMenus | null> {
  const published = (await getPublishedMenus(context)).find((m) => m.lang === lang);
  return published ? resolveMenus(context, published.menu, lang) : null;
}

/** Drops this instance's copy of the menus and every kept page (the header and footer are on every page). */
export function applyMenusChange(target: { content: Pick<AppLoadContext["content"], "forget">; pageCache: Pick<AppLoadContext["pageCache"], "clear"> }) {
  target.content.forget(KEY);
  target.pageCache.clear();
}

/** After a publish or a withdrawal saved here: this instance at once, the others told (REDIS_URL); without Redis, within the bound above. */
export function menusChanged(context: Pick<AppLoadContext, "content" | "pageCache" | "changes">) {
  applyMenusChange(context);
  context.changes.announce({ kind: "menus" });
}
