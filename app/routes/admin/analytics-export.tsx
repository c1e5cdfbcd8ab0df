import type { LoaderFunctionArgs } from "@remix-run/node";
import { toCsv } from "~/lib/admin/csv";
import { figuresPeriod } from "~/lib/admin/figures-period";
import { figureTableRows } from "~/lib/admin/figures/figure-table";
import { FIGURE_REPORTS, i18next, isFigureReport, requirePage } from "./analytics-export.server";

const refused = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * One table of a figures page as CSV, for its period and in the reader's words:
 * `/admin/analytics/active-users/export.csv?table=topPages&from=…&to=…`, the page's first table
 * without `table`. The report is the page's address under /admin/analytics, and its page's
 * permission applies (figuresPeriod falls back to the last 30 days as the page does).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requirePage(request, context, "analytics-export");
  const url = new URL(request.url);
  const name = `analytics-${params.report ?? ""}`;
  if (!isFigureReport(name)) return refused(404, "No such report.");
  const staff = requirePage(request, context, name);
  const period = figuresPeriod(url, Date.now());
  const { load, tables } = FIGURE_REPORTS[name];
  // The funnels name fields and errors in the site's own words (common).
  const t = await i18next.getFixedT(request, ["admin", "common"]);
  const all = tables(await load(request, context, staff, period), t);
  const asked = url.searchParams.get("table");
  const table = asked === null ? all[0] : all.find((tb) => tb.id === asked);
  if (!table) return refused(404, "No such table.");
  const file = `${name}-${table.id}-${period.from}-${period.to}.csv`;
  return new Response(toCsv(figureTableRows(table)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
