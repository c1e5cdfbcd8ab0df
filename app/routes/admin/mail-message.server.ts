// The mail message route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requirePage } from "~/lib/admin/guard.server";
export { mailHtmlOf, mailView } from "~/lib/admin/mail-view.server";
export { adminTitle } from "~/lib/admin/title.server";
export { default as i18next } from "~/lib/render/i18next.server";
