// The account route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requirePage, requirePost, staffCall } from "~/lib/admin/guard.server";
export { sessionsView, signOutEverywhere } from "~/lib/admin/sessions-view.server";
export { staffDateTime } from "~/lib/admin/staff-time";
export { twoFactorAction } from "~/lib/admin/two-factor.server";
export { adminTitle } from "~/lib/admin/title.server";
export { default as i18next } from "~/lib/render/i18next.server";
