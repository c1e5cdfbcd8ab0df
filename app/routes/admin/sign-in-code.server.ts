// The sign-in code route's server code, imported through this one module (ADR 019).
export { data, redirect } from "@remix-run/node";
export { refusedPost, safeAdminPath } from "~/lib/admin/guard.server";
export { default as i18next } from "~/lib/render/i18next.server";
export { refusalStatus } from "~/lib/platform/http/refusal.server";
export { qrSvg } from "~/lib/admin/two-factor.server";
