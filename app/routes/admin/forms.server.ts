// The built forms' list's server code, imported through this one module (ADR 019).
export { requirePage, staffCall } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { formPath } from "~/lib/forms/built-form-paths";
