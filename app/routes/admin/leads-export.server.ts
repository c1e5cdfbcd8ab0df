// The leads-export route's server code, imported through this one module (ADR 019).
export { toRawCsv } from "~/lib/admin/csv";
export { leadsExportFilename, readLeadExport } from "~/lib/admin/lead-export.server";
