import type { LoaderFunctionArgs } from "@remix-run/node";
import { AUDIT_EXPORT_LIMIT } from "~/lib/admin/audit";
import { readAuditFilters } from "~/lib/admin/audit-filters";
import { clinicDateTimeInput } from "~/lib/admin/staff-time";
import { toCsv } from "~/lib/admin/csv";
import { i18next, readAuditPage, requirePage } from "./audit-export.server";

/** The API gives at most this many entries a call. */
const CHUNK = 1000;

/**
 * The audit log as a spreadsheet, with the page's filters and in the reader's words: the newest
 * AUDIT_EXPORT_LIMIT entries that match, the time on the clinic's clock, the e-mail beside the name.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "audit-export");
  const { filters } = readAuditFilters(new URL(request.url).searchParams);
  const t = await i18next.getFixedT(request, "admin");
  const rows: (string | number | null)[][] = [[t("audit.time"), t("audit.who"), t("users.email"), t("audit.action"), t("audit.target"), t("audit.detail")]];
  for (let page = 1; page <= AUDIT_EXPORT_LIMIT / CHUNK; page++) {
    const { entries, totalCount } = await readAuditPage(request, context, staff, filters, page, CHUNK);
    for (const entry of entries) {
      rows.push([clinicDateTimeInput(entry.at).replace("T", " "), entry.who, entry.whoEmail, entry.action, entry.target?.label ?? "", entry.detail.text]);
    }
    if (page * CHUNK >= totalCount) break;
  }
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
