/**
 * The menus screen's form (ADR 062), as plain fields so it works without JavaScript: one row per
 * entry, each with a position number (the order within its place) and buttons that move it up or
 * down, a place (the header's top, or
 * one of the table's groups), a page or an address, a label, and a remove box; one row to add a
 * link; one select to add a group the table allows. Parsed with limits into a menu document.
 */
import {
  MENU_ENTRIES_MAX,
  MENU_GROUP_ITEMS_MAX,
  MENU_RELS,
  MenuDocSchema,
  MenuPageLinkSchema,
  MenuUrlLinkSchema,
  type HeaderEntry,
  type MenuDoc,
  type MenuGroup,
  type MenuLink,
} from "~/lib/platform/api/menus-contract";
import { menuGroupKeys, menuShapeErrors, pageHasSlug, type MenuArea, type MenuTable } from "~/lib/site/menu-shapes";

export type RowType = "page" | "url" | "group" | "treatments";

/** One entry as the form shows and posts it: strings as typed. */
export interface MenuRow {
  type: RowType;
  /** "header", "footer", or `{area}>{group key}` for a link inside a group. */
  place: string;
  group: string;
  pos: string;
  page: string;
  label: string;
  url: string;
  rel: string[];
  newTab: boolean;
}

/** The add-a-link row (posted as `new.*`): added when it names a page or an address. */
export type NewRow = Omit<MenuRow, "type" | "group"> & { type: "page" | "url" };

/** What went wrong with a row (an admin.json key under menus.errors), by the row's index or "new". */
export type RowErrors = Record<string, string>;

/** Rows a post may carry: the header's and footer's entries and groups' items, with room to spare. */
export const MAX_ROWS = MENU_ENTRIES_MAX * 2 + MENU_GROUP_ITEMS_MAX * 6;
const MAX_FIELD = 600;

export const placeOf = (area: MenuArea, group?: string) => (group ? `${area}>${group}` : area);

/** The rows of a document, positions counted 1, 2, 3… within each place. */
export function docToRows(doc: MenuDoc): MenuRow[] {
  const rows: MenuRow[] = [];
  const blank = { group: "", page: "", label: "", url: "", rel: [] as string[], newTab: false };
  const link = (item: MenuLink, place: string, pos: number): MenuRow =>
    item.type === "page"
      ? { ...blank, type: "page", place, pos: String(pos), page: item.page, label: item.label ?? "" }
      : { ...blank, type: "url", place, pos: String(pos), url: item.url, label: item.label, rel: [...item.rel], newTab: item.newTab };
  for (const area of ["header", "footer"] as const) {
    doc[area].forEach((entry: HeaderEntry, i) => {
      const pos = i + 1;
      if (entry.type === "group") {
        rows.push({ ...blank, type: "group", place: area, group: entry.group, pos: String(pos), label: entry.label ?? "" });
        entry.items.forEach((item, j) => rows.push(link(item, placeOf(area, entry.group), j + 1)));
      } else if (entry.type === "treatments") rows.push({ ...blank, type: "treatments", place: area, pos: String(pos), label: entry.label ?? "" });
      else rows.push(link(entry, area, pos));
    });
  }
  return rows;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, MAX_FIELD) : "";
};
const position = (pos: string) => (/^\d{1,4}$/.test(pos.trim()) ? Number(pos.trim()) : null);
const isRowType = (value: string): value is RowType => value === "page" || value === "url" || value === "group" || value === "treatments";
const rels = (form: FormData, name: string) =>
  form
    .getAll(name)
    .filter((v): v is string => typeof v === "string" && (MENU_RELS as readonly string[]).includes(v))
    .slice(0, MENU_RELS.length);

export interface MenuSubmission {
  rows: MenuRow[];
  newRow: NewRow;
  addGroup: string;
}

/**
 * A row's "Move up" or "Move down" (`do=up:3`), for a menu ordered without typing numbers: the row
 * changes places with its neighbour in its own place (the header's top, a group, the footer), and
 * that place's positions are counted 1, 2, 3… again in the new order. A row whose place has a
 * position that is no whole number moves nothing: its error is shown instead.
 */
export function moveRow(rows: MenuRow[], index: number, direction: "up" | "down"): MenuRow[] {
  const row = rows[index];
  if (!row) return rows;
  const same = rows.flatMap((r, i) => (r.place === row.place ? [i] : []));
  if (same.some((i) => position(rows[i].pos) === null)) return rows;
  same.sort((a, b) => position(rows[a].pos)! - position(rows[b].pos)! || a - b);
  const at = same.indexOf(index);
  const to = direction === "up" ? at - 1 : at + 1;
  if (to < 0 || to >= same.length) return rows;
  [same[at], same[to]] = [same[to], same[at]];
  const moved = [...rows];
  same.forEach((i, n) => (moved[i] = { ...rows[i], pos: String(n + 1) }));
  return moved;
}

/** The posted form, read with limits: at most MAX_ROWS rows, each field cut at MAX_FIELD characters. */
export function readMenuForm(form: FormData): MenuSubmission {
  const count = Math.min(Math.max(Number.parseInt(text(form, "rows"), 10) || 0, 0), MAX_ROWS);
  const rows: MenuRow[] = [];
  const move = /^(up|down):(\d{1,4})$/.exec(text(form, "do"));
  let moving = -1;
  for (let i = 0; i < count; i++) {
    const type = text(form, `${i}.type`);
    if (!isRowType(type) || form.get(`${i}.remove`) === "on") continue;
    if (move && Number(move[2]) === i) moving = rows.length;
    rows.push({
      type,
      place: text(form, `${i}.place`),
      group: text(form, `${i}.group`),
      pos: text(form, `${i}.pos`),
      page: text(form, `${i}.page`),
      label: text(form, `${i}.label`),
      url: text(form, `${i}.url`),
      rel: rels(form, `${i}.rel`),
      newTab: form.get(`${i}.newTab`) === "on",
    });
  }
  const newRow: NewRow = {
    type: text(form, "new.type") === "url" ? "url" : "page",
    place: text(form, "new.place"),
    pos: text(form, "new.pos"),
    page: text(form, "new.page"),
    label: text(form, "new.label"),
    url: text(form, "new.url"),
    rel: rels(form, "new.rel"),
    newTab: form.get("new.newTab") === "on",
  };
  return { rows: move ? moveRow(rows, moving, move[1] as "up" | "down") : rows, newRow, addGroup: text(form, "addGroup") };
}

/**
 * The document the rows make for a language, or the rows' errors. The route table's shapes hold
 * (menuShapeErrors): a link's place is the header's top or one of the groups kept; a page is one
 * with a slug in the language; an address http(s) with a label.
 */
export function rowsToDoc(
  table: MenuTable,
  lang: string,
  { rows, newRow, addGroup }: MenuSubmission,
): { doc: MenuDoc; rows: MenuRow[] } | { errors: RowErrors; rows: MenuRow[]; newRow: NewRow } {
  const errors: RowErrors = {};
  const all = [...rows];
  const adding = newRow.type === "page" ? newRow.page !== "" : newRow.url.trim() !== "" || newRow.label.trim() !== "";
  if (adding) all.push({ ...newRow, group: "", pos: newRow.pos.trim() || "999" });
  const newIndex = adding ? all.length - 1 : -1;
  const [area, key] = addGroup.split(">");
  if (
    (area === "header" || area === "footer") &&
    key &&
    menuGroupKeys(table, area, lang).includes(key) &&
    !all.some((r) => r.type === "group" && r.group === key)
  ) {
    all.push({ type: "group", place: area, group: key, pos: "999", page: "", label: "", url: "", rel: [], newTab: false });
  }
  const id = (i: number) => (i === newIndex ? "new" : String(i));
  const links = new Map<number, MenuLink>();
  all.forEach((row, i) => {
    if (position(row.pos) === null) errors[id(i)] = "position";
    else if (row.type === "page") {
      const parsed = MenuPageLinkSchema.safeParse({ type: "page", page: row.page, ...(row.label.trim() ? { label: row.label } : {}) });
      if (!parsed.success) errors[id(i)] = row.label.trim().length > 0 && row.page ? "label" : "page";
      else if (!pageHasSlug(table, row.page, lang)) errors[id(i)] = "page";
      else links.set(i, parsed.data);
    } else if (row.type === "url") {
      const parsed = MenuUrlLinkSchema.safeParse({ type: "url", url: row.url, label: row.label, rel: row.rel, newTab: row.newTab });
      if (!parsed.success) errors[id(i)] = parsed.error.issues[0].path[0] === "url" ? "url" : "label";
      else links.set(i, parsed.data);
    } else if (row.label.trim() && row.label.trim().length > 60) errors[id(i)] = "label";
  });
  const sorted = (indexes: number[]) => indexes.sort((a, b) => (position(all[a].pos) ?? 0) - (position(all[b].pos) ?? 0) || a - b);
  const groupOf = (area: MenuArea, i: number): MenuGroup => ({
    type: "group",
    group: all[i].group,
    ...(all[i].label.trim() ? { label: all[i].label.trim() } : {}),
    items: sorted(all.flatMap((r, j) => (r.place === placeOf(area, all[i].group) && links.has(j) ? [j] : []))).map((j) => links.get(j)!),
  });
  const top = (area: MenuArea) => sorted(all.flatMap((r, i) => (r.place === area ? [i] : [])));
  const header = top("header").flatMap((i): HeaderEntry[] => {
    const row = all[i];
    if (row.type === "group") return [groupOf("header", i)];
    if (row.type === "treatments") return [{ type: "treatments", ...(row.label.trim() ? { label: row.label.trim() } : {}) }];
    return links.has(i) ? [links.get(i)!] : [];
  });
  const footer = top("footer").flatMap((i) => (all[i].type === "group" ? [groupOf("footer", i)] : []));
  // A link left in a place that is no longer there (its group removed, or the footer's top) would be lost without a word.
  const kept = new Set([...header, ...footer].flatMap((e) => (e.type === "group" ? [placeOf(header.includes(e) ? "header" : "footer", e.group)] : [])));
  all.forEach((row, i) => {
    if ((row.type === "page" || row.type === "url") && row.place !== "header" && !kept.has(row.place) && !errors[id(i)]) errors[id(i)] = "place";
  });
  const parsed = MenuDocSchema.safeParse({ header, footer });
  if (!parsed.success) errors.form = "tooMany";
  else for (const problem of menuShapeErrors(table, parsed.data, lang)) errors.form ??= problem.code;
  if (Object.keys(errors).length || !parsed.success) return { errors, rows, newRow };
  return { doc: parsed.data, rows: docToRows(parsed.data) };
}
