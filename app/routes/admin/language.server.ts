// The language route's server code, imported through this one module (ADR 019).
export { redirect } from "@remix-run/node";
export { refusedPost, safeAdminPath } from "~/lib/admin/guard.server";
export { redirectWithToast } from "~/lib/site/toast.server";
