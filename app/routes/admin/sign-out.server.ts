// The sign-out route's server code, imported through this one module (ADR 019).
export { redirect } from "@remix-run/node";
export { refusedPost } from "~/lib/admin/guard.server";
export { redirectWithToast } from "~/lib/site/toast.server";
