import type { LoaderFunctionArgs } from "@remix-run/node";
import { leadsCsv, leadsCsvFilename } from "~/lib/admin/lead-csv";
import { readLeadFilters } from "~/lib/admin/lead-filters";
import { exportCityNames, requirePage, staffCall } from "./leads-export.server";

/** The inbox as a spreadsheet: the same filters as the list, every matching lead (columns: lead-csv.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "leads-export");
  const { filters } = readLeadFilters(new URL(request.url).searchParams);
  const list = await staffCall(context, () => context.staffApi.as(staff.token).get("leadsExport", { query: filters }));
  const leads = list.result.data;
  const csv = leadsCsv(leads, await exportCityNames(context, leads));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${leadsCsvFilename(new Date())}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
