// The new built form page's server code, imported through this one module (ADR 019).
export { data, redirect } from "@remix-run/node";
export { requirePage, requirePost, staffCall } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
