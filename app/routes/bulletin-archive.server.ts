// The bulletin archive's server code, imported through this one module (ADR 019).
export { archivePaths, getArchive, issuePath } from "~/lib/bulletins/archive.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
export { formatDate, isoDay } from "~/lib/site/format";
export { buildPageMeta, getT, pageRoute, requireRouteOr404, withNotFound } from "~/lib/site/page.server";
export { getPageText } from "~/lib/site/page-text.server";
