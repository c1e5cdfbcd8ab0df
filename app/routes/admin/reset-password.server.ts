// The reset-password route's server code, imported through this one module (ADR 019).
export { data, redirect } from "@remix-run/node";
export { refusedPost } from "~/lib/admin/guard.server";
export { setPasswordWithLink } from "~/lib/admin/password-reset.server";
export { default as i18next } from "~/lib/render/i18next.server";
export { refusalStatus } from "~/lib/platform/http/refusal.server";
export { redirectWithToast } from "~/lib/site/toast.server";
