// The customer active users route's server code, imported through this one module (ADR 019).
export { requirePage } from "~/lib/admin/guard.server";
export { loadCustomerActiveUsers } from "~/lib/admin/figures/reports.server";
export { pageAccess } from "~/lib/admin/pages";
export { staffDateTime } from "~/lib/admin/staff-time";
export { adminTitle } from "~/lib/admin/title.server";
export { default as i18next } from "~/lib/render/i18next.server";
