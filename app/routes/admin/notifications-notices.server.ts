// The notification pages' server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requirePage, requirePost, staffCall } from "~/lib/admin/guard.server";
export { unexpectedAnswer } from "~/lib/admin/answers.server";
export { adminTitle } from "~/lib/admin/title.server";
export { redirectWithToast } from "~/lib/site/toast.server";
