// The content-new route's server code, imported through this one module (ADR 019).
export { runContentEdit } from "~/lib/admin/content-actions.server";
export { editorDefaults, editorOptions, languageStates } from "~/lib/admin/content-editor.server";
export { newKindParam } from "~/lib/admin/content-params.server";
export { requirePage } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
