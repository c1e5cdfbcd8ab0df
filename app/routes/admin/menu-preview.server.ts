// The menu preview route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { default as i18next } from "~/lib/render/i18next.server";
export { requirePage, staffCall } from "~/lib/admin/guard.server";
export { staffLanguage } from "~/lib/admin/language.server";
export { resolveMenus } from "~/lib/site/menus.server";
