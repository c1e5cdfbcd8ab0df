// The layout route's server code, imported through this one module (ADR 019).
export { requireStaff } from "~/lib/admin/guard.server";
