import type { LoaderFunctionArgs } from "@remix-run/node";
import { leadsExportFilename, readLeadExport, toRawCsv } from "./leads-export.server";

/**
 * The inbox as raw CSV, for import into other tools (RFC 4180, UTF-8, values as they are; columns:
 * lead-export.server.ts). Not for opening in a spreadsheet: that is export.xlsx.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { table } = await readLeadExport(request, context, "leads-export");
  return new Response(toRawCsv(table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${leadsExportFilename(new Date(), "csv")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
