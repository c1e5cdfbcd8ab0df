// The one-click unsubscribe route's server code, imported through this one module (ADR 019).
export { redirect } from "@remix-run/node";
export { pathFor } from "~/lib/site/route-table";
