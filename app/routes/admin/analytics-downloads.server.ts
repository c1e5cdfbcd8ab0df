// The downloads route's server code, imported through this one module (ADR 019).
export { requirePage } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { loadDownloadFigures } from "~/lib/admin/figures/reports.server";
