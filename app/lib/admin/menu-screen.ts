/**
 * What the menus screen shows besides the rows (ADR 062): the pages a language may name, with their
 * titles in that language; each group's and each page's default label there; the groups the table
 * allows. Built on the server (the words are the public site's, in the menu's language).
 */
import type { TFunction } from "i18next";
import { menuGroupKeys, menuPages, type MenuArea, type MenuTable } from "~/lib/site/menu-shapes";
import { getPage, tableLabel } from "~/lib/site/route-table";
import table from "~/route-table.json";

export const menuTable = table as unknown as MenuTable;

export interface MenuScreenWords {
  /** The pages with a slug in the language, in the table's order, with their titles there. */
  pages: { name: string; title: string }[];
  /** The table's groups of each menu in the language: key, and its label there. */
  groups: Record<MenuArea, { key: string; label: string }[]>;
  /** A page's words in each menu when its label is left empty (the header says "Doctors" where the title is longer). */
  labels: Record<MenuArea, Record<string, string>>;
  /** The treatments dropdown's label there. */
  treatments: string;
}

export function menuScreenWords(lang: string, t: TFunction): MenuScreenWords {
  const groups = (area: MenuArea) => menuGroupKeys(menuTable, area, lang).map((key) => ({ key, label: t(key) }));
  const names = menuPages(menuTable, lang);
  const labels = (area: MenuArea) => Object.fromEntries(names.map((name) => [name, t(tableLabel(area, getPage(name)!))]));
  return {
    labels: { header: labels("header"), footer: labels("footer") },
    pages: menuPages(menuTable, lang).map((name) => ({ name, title: t(getPage(name)?.pageTitle ?? name) })),
    groups: { header: groups("header"), footer: groups("footer") },
    treatments: t("menu.treatments"),
  };
}
