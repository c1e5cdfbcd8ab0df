import type { LoaderFunctionArgs } from "@remix-run/node";
import { leadsExportFilename, leadsXlsx, readLeadExport } from "./leads-export-xlsx.server";

/** The inbox as a spreadsheet (XLSX): the same filters, rows and columns as the CSV, every text a text cell. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { table, sheetName } = await readLeadExport(request, context, "leads-export-xlsx");
  return new Response(await leadsXlsx(table, sheetName), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${leadsExportFilename(new Date(), "xlsx")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
