// The root route's server code, imported through this one module (ADR 019).
// Remix's response helpers come through here too: imported by the route itself, @remix-run/node is an
// empty module in the browser, and a shared one cost every page one more script request (#16).
export { data } from "@remix-run/node";
export { default as i18next } from "~/lib/render/i18next.server";
export { getMenuTreatments } from "~/lib/platform/api/content.server";
export { getSettings } from "~/lib/site/settings.server";
export { getEditedMenus } from "~/lib/site/menus.server";
export { readConsent } from "~/lib/site/consent.server";
export { readToast } from "~/lib/site/toast.server";
export { pagesWithItems } from "~/lib/site/pages-with-items.server";
