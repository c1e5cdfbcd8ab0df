// The content-changes route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { editorOptions } from "~/lib/admin/content-editor.server";
export { idParam, kindParam } from "~/lib/admin/content-params.server";
export { requirePage, staffCall } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { default as i18next } from "~/lib/render/i18next.server";
