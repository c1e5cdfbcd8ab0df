// A built form's editor's server code, imported through this one module (ADR 019).
export { data, redirect } from "@remix-run/node";
export { requirePage, requirePost, staffCall } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { redirectWithToast } from "~/lib/site/toast.server";
export { formPath, formsChanged } from "~/lib/forms/built-form-paths";
export { errorCode } from "~/lib/platform/api/staff-client.server";
