// The content-edit route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { runContentEdit } from "~/lib/admin/content-actions.server";
export { currentImage, editorDefaults, editorOptions, languageStates } from "~/lib/admin/content-editor.server";
export { isUnavailable } from "~/lib/admin/content-unsaved.server";
export { idParam, kindParam } from "~/lib/admin/content-params.server";
export { staffLanguage } from "~/lib/admin/language.server";
export { requirePage, staffFailure } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { default as i18next } from "~/lib/render/i18next.server";
export { fileLanguages, pageOfItem } from "~/lib/admin/page-files.server";
