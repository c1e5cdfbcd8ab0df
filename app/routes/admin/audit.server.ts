// The audit route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { readAuditPage } from "~/lib/admin/audit-page.server";
export { requirePage } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
