// The layout route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requireStaff } from "~/lib/admin/guard.server";
