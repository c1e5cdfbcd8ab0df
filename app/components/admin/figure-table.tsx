import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import type { Cell, ColumnKind, FigureTable } from "~/lib/admin/figures/figure-table";

/** Where a figures table's CSV is: the export route, with the report, the table and the page's period. */
export function figureCsvHref(report: string, table: string, period: { from: string; to: string }) {
  return `/admin/analytics/${report}/export.csv?${new URLSearchParams({ table, from: period.from, to: period.to })}`;
}

/**
 * A figures table drawn from its rows (figure-table.ts), each cell shown as its column's kind says and
 * carrying its raw value (`data-value`: a script reads numbers without the language's format), with a
 * link to the same rows as CSV.
 */
export function FigureTableView({ table, csvHref }: { table: FigureTable; csvHref: string }) {
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  const date = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(i18n.language, { ...options, timeZone: "UTC" });
  const day = date({ day: "numeric", month: "short" });
  const week = date({ day: "numeric", month: "short", year: "numeric" });
  const show = (kind: ColumnKind, cell: Cell): string => {
    if (cell === null) return kind === "minutes" || kind === "seconds" ? t("customerFigures.none") : "–";
    if (typeof cell === "string") return kind === "day" ? day.format(new Date(cell)) : kind === "week" ? week.format(new Date(cell)) : cell;
    if (kind === "percent") return percent.format(cell);
    if (kind === "minutes") return t("customerFigures.minutes", { count: Math.round(cell) });
    if (kind === "seconds")
      return cell < 60 ? t("formFunnels.seconds", { count: cell }) : t("formFunnels.minutes", { minutes: Math.floor(cell / 60), seconds: cell % 60 });
    return number.format(cell);
  };
  const [head, ...rest] = table.columns;
  return (
    <div data-table={table.id}>
      {table.rows.length === 0 && table.empty ? (
        <p>{table.empty}</p>
      ) : (
        <AdminTable caption={table.title} stack={table.stack} columns={table.columns.map((c) => c.label)}>
          {table.rows.map((row) => (
            <tr key={row.key} data-row={row.key}>
              <th scope="row">{show(head.kind, row.cells[0])}</th>
              {rest.map((column, i) => (
                <td key={column.key} data-label={column.label} data-figure={column.key} data-value={row.cells[i + 1] ?? ""}>
                  {show(column.kind, row.cells[i + 1])}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
      )}
      <p className="admin-csv">
        <a href={csvHref} download>
          {t("figures.csv")}
          <span className="visually-hidden"> {table.title}</span>
        </a>
      </p>
    </div>
  );
}
