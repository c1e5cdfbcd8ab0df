// A published bulletin's server code, imported through this one module (ADR 019).
export { getArchivedIssue, issuePath } from "~/lib/bulletins/archive.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
export { requireId } from "~/lib/site/detail.server";
export { formatDate, isoDay } from "~/lib/site/format";
export { buildPageMeta, getT, pageRoute, requireRouteOr404, withNotFound } from "~/lib/site/page.server";
export { sanitizeRichText } from "~/lib/site/sanitize.server";
export { ownPath } from "~/lib/site/route-table";
