// The audit-export route's server code, imported through this one module (ADR 019).
export { readAuditPage } from "~/lib/admin/audit-page.server";
export { requirePage } from "~/lib/admin/guard.server";
export { default as i18next } from "~/lib/render/i18next.server";
