import { MenuUrlSchema, type HeaderEntry, type MenuDoc, type MenuLink } from "~/lib/platform/api/menus-contract";
import { getPage, ownPath, tableLabel, type Lang, type ResolvedMenuItem } from "~/lib/site/route-table";

// On the server only: the address check is zod's, which the pages' scripts do not load (ADR 024);
// the browser gets the resolved items in the root's data.

/**
 * A published (or draft) menu of a language, resolved as menu() resolves the table's: a page that
 * does not exist in the language (no slug, or `onlyWithItems` without items there, `hasItems`) is
 * left out whatever the menu says, an empty group too; external links keep only http(s) addresses.
 */
export function resolveMenuDoc(doc: MenuDoc, name: "header" | "footer", lang: Lang, hasItems: (page: string) => boolean): ResolvedMenuItem[] {
  const link = (entry: MenuLink): ResolvedMenuItem | null => {
    if (entry.type === "url") {
      if (!MenuUrlSchema.safeParse(entry.url).success) return null;
      // A link opened in a new tab never gets a handle on this page (window.opener), nor tells it where the visitor came from.
      const rel = new Set<string>(entry.rel);
      if (entry.newTab) rel.add("noopener").add("noreferrer");
      return { kind: "external", url: entry.url, label: entry.label, rel: [...rel].join(" "), newTab: entry.newTab };
    }
    const page = getPage(entry.page);
    const path = page && ownPath(page, lang);
    if (!page || !path || (page.onlyWithItems && !hasItems(page.name))) return null;
    return { kind: "link", page: page.name, path, ...(entry.label ? { label: entry.label, plain: true } : { label: tableLabel(name, page) }) };
  };
  const entries: HeaderEntry[] = name === "header" ? doc.header : doc.footer;
  return entries.flatMap((entry): ResolvedMenuItem[] => {
    if (entry.type === "group") {
      const items = entry.items.flatMap((e) => link(e) ?? []);
      if (!items.length) return [];
      return [{ kind: "group", items, ...(entry.label ? { label: entry.label, plain: true } : { label: entry.group }) }];
    }
    if (entry.type === "treatments") {
      const page = getPage("treatments");
      const path = page && ownPath(page, lang);
      if (!path) return [];
      return [{ kind: "treatments", page: "treatments", path, ...(entry.label ? { label: entry.label, plain: true } : { label: "menu.treatments" }) }];
    }
    return [link(entry) ?? []].flat();
  });
}
