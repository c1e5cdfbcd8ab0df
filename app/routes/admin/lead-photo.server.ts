// The lead-photo route's server code, imported through this one module (ADR 019).
export { requirePermission, staffCall, staffFailure } from "~/lib/admin/guard.server";
export { leadIdOf } from "~/lib/admin/lead-actions.server";
