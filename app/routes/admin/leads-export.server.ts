// The leads-export route's server code, imported through this one module (ADR 019).
export { requirePage, staffCall } from "~/lib/admin/guard.server";
export { exportCityNames } from "~/lib/admin/lead-refs.server";
