// The content route's server code, imported through this one module (ADR 019).
export { requirePermission, staffCall } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
