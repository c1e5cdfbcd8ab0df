// The form funnels page's server code, imported through this one module (ADR 019).
export { requirePage } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { loadFormFunnels } from "~/lib/admin/figures/reports.server";
