// The bulletin page's server code, imported through this one module (ADR 019).
export { data, redirect } from "@remix-run/node";
export { parseWithZod } from "@conform-to/zod";
export { requirePage, requirePost, staffCall } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { cleanRichText } from "~/lib/site/sanitize.server";
export { redirectWithToast } from "~/lib/site/toast.server";
export { richTextToPlain } from "~/lib/bulletins/plain-text.server";
export { clinicDateTimeValue } from "~/lib/admin/staff-time";
export { archiveChanged, issuePath } from "~/lib/bulletins/archive.server";
