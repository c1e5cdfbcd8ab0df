// The bulk change route's server code, imported through this one module (ADR 019).
export { requirePage, requirePost, safeAdminPath } from "~/lib/admin/guard.server";
export { sendLeadChange } from "~/lib/admin/lead-changes.server";
export { redirectWithToast } from "~/lib/site/toast.server";
