// The menus route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requirePage, requirePost, staffCall, staffFailure } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { default as i18next } from "~/lib/render/i18next.server";
export { menusChanged } from "~/lib/site/menus.server";
export { redirectWithToast } from "~/lib/site/toast.server";
