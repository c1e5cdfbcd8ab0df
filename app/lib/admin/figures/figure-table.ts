import type { CsvValue } from "~/lib/admin/csv";

/**
 * A figures page's table as data (CSV export, #42): the page draws it and the export writes it from
 * the same rows, so a spreadsheet holds exactly what the page shows. Cells are raw (numbers, ISO
 * days, ratios); how each is shown is its column's kind.
 */
export type ColumnKind = "label" | "text" | "day" | "week" | "number" | "percent" | "minutes" | "seconds";
export type Cell = string | number | null;

export interface FigureColumn {
  /** Names the column in the page (`data-figure`) and stays the same in every language. */
  key: string;
  label: string;
  kind: ColumnKind;
}

export interface FigureRow {
  key: string;
  cells: Cell[];
}

export interface FigureTable {
  /** The table's name in the export's address (`?table=`). */
  id: string;
  title: string;
  /** The first column heads each row. */
  columns: FigureColumn[];
  rows: FigureRow[];
  /** On a phone each row becomes a card (AdminTable `stack`). */
  stack?: boolean;
  /** Shown when there is no row. */
  empty?: string;
}

/** The translate function of the `admin` namespace, as the page (useTranslation) and the export (getFixedT) both have it. */
export type Translate = (key: string | string[], options?: Record<string, unknown>) => string;

/** A ratio, null when its whole is 0 ("–" on the page, empty in the file). */
export const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** The file's cells: days as ISO dates, ratios as percentages a spreadsheet reads, minutes whole. */
function csvValue(kind: ColumnKind, cell: Cell): CsvValue {
  if (cell === null) return "";
  if (kind === "percent" && typeof cell === "number") return `${(cell * 100).toFixed(1)}%`;
  if (kind === "minutes" && typeof cell === "number") return Math.round(cell);
  return cell;
}

export function figureTableRows(table: FigureTable): CsvValue[][] {
  return [table.columns.map((c) => c.label), ...table.rows.map((row) => row.cells.map((cell, i) => csvValue(table.columns[i].kind, cell)))];
}
