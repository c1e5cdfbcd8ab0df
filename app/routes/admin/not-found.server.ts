// The not-found route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requirePage } from "~/lib/admin/guard.server";
