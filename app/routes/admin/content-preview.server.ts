// The content-preview route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { default as i18next } from "~/lib/render/i18next.server";
export { isPreviewKind, previewView } from "~/lib/admin/content-preview.server";
export { requirePage, staffCall } from "~/lib/admin/guard.server";
export { staffLanguage } from "~/lib/admin/language.server";
export { requireId } from "~/lib/site/detail.server";
