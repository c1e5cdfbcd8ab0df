/**
 * What the route table allows a menu to be (ADR 062, amending 002): the pages a language has, the
 * groups each menu may hold and the default menus. Pure and given the table, so the site
 * (app/route-table.json through `~`) and the embedded API (its own import) check a menu alike.
 */
import type { HeaderEntry, MenuDoc, MenuGroup, MenuLink } from "../platform/api/menus-contract";

export type MenuArea = "header" | "footer";

export interface TableMenuEntry {
  kind?: string;
  page?: string;
  label?: string;
  langs?: string[];
  items?: TableMenuEntry[];
}
export interface MenuTable {
  pages: { name: string; slugs: Record<string, string | undefined>; onlyWithItems?: boolean }[];
  menus: Record<string, TableMenuEntry[]>;
}

const inLang = (entry: TableMenuEntry, lang: string) => !entry.langs || entry.langs.includes(lang);

/** Whether a page has a route of its own in a language (a stand-in is not the page, ADR 002). */
export function pageHasSlug(table: MenuTable, name: string, lang: string): boolean {
  return typeof table.pages.find((p) => p.name === name)?.slugs[lang] === "string";
}

/** The pages a menu of this language may name: those with a slug there, in the table's order. */
export function menuPages(table: MenuTable, lang: string): string[] {
  return table.pages.filter((p) => typeof p.slugs[lang] === "string" && p.slugs[lang] !== "").map((p) => p.name);
}

/** The groups the table gives a menu in a language (their keys are the table's label keys). */
export function menuGroupKeys(table: MenuTable, area: MenuArea, lang: string): string[] {
  return (table.menus[area] ?? []).filter((e) => e.kind === "group" && e.label && inLang(e, lang)).map((e) => e.label!);
}

function defaultLink(table: MenuTable, entry: TableMenuEntry, lang: string): MenuLink | null {
  if (!entry.page || !inLang(entry, lang) || !pageHasSlug(table, entry.page, lang)) return null;
  return { type: "page", page: entry.page };
}

/** The table's menus of a language as a menu document: what a language without a published menu shows, and a first draft. */
export function defaultMenuDoc(table: MenuTable, lang: string): MenuDoc {
  const group = (entry: TableMenuEntry): MenuGroup => ({
    type: "group",
    group: entry.label!,
    items: (entry.items ?? []).flatMap((e) => defaultLink(table, e, lang) ?? []),
  });
  const header = (table.menus.header ?? []).flatMap((entry): HeaderEntry[] => {
    if (!inLang(entry, lang)) return [];
    if (entry.kind === "treatments") return [{ type: "treatments" }];
    if (entry.kind === "group") return entry.label ? [group(entry)] : [];
    return [defaultLink(table, entry, lang) ?? []].flat();
  });
  const footer = (table.menus.footer ?? []).filter((e) => e.kind === "group" && e.label && inLang(e, lang)).map(group);
  return { header, footer };
}

/** A problem with a menu, by where it is (`header.2.items.0`) and what (an admin.json key under menus.errors). */
export interface MenuShapeError {
  at: string;
  code: "unknownPage" | "unknownGroup" | "repeatedGroup" | "treatments";
}

/**
 * Whether a menu keeps to the table's shapes in a language: pages that exist there (by slug; an
 * `onlyWithItems` page may be named, and shows only while it has items), the table's groups of that
 * menu, each once, one level deep, and the treatments dropdown once, at the header's top.
 */
export function menuShapeErrors(table: MenuTable, doc: MenuDoc, lang: string): MenuShapeError[] {
  const errors: MenuShapeError[] = [];
  const links = (items: MenuLink[], at: string) =>
    items.forEach((item, i) => {
      if (item.type === "page" && !pageHasSlug(table, item.page, lang)) errors.push({ at: `${at}.${i}`, code: "unknownPage" });
    });
  for (const area of ["header", "footer"] as const) {
    const allowed = new Set(menuGroupKeys(table, area, lang));
    const seen = new Set<string>();
    doc[area].forEach((entry: HeaderEntry, i) => {
      const at = `${area}.${i}`;
      if (entry.type === "group") {
        if (!allowed.has(entry.group)) errors.push({ at, code: "unknownGroup" });
        else if (seen.has(entry.group)) errors.push({ at, code: "repeatedGroup" });
        seen.add(entry.group);
        links(entry.items, `${at}.items`);
      } else if (entry.type === "page" && !pageHasSlug(table, entry.page, lang)) errors.push({ at, code: "unknownPage" });
    });
  }
  const treatments = doc.header.filter((e) => e.type === "treatments").length;
  if (treatments !== 1) errors.push({ at: "header", code: "treatments" });
  return errors;
}
