// The leads-export-xlsx route's server code, imported through this one module (ADR 019).
export { leadsExportFilename, readLeadExport } from "~/lib/admin/lead-export.server";
export { leadsXlsx } from "~/lib/admin/lead-xlsx.server";
