// The mail route's server code, imported through this one module (ADR 019).
export { requirePage } from "~/lib/admin/guard.server";
export { mailView } from "~/lib/admin/mail-view.server";
export { adminTitle } from "~/lib/admin/title.server";
export { default as i18next } from "~/lib/render/i18next.server";
