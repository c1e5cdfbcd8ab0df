// The "About life" list's server code, imported through this one module (ADR 019).
export { aboutLifePaths, toArticleCard } from "~/lib/site/about-life.server";
export { getAllAboutLife } from "~/lib/platform/api/content.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
export { buildPageMeta, getT, pageRoute, requireRouteOr404, withNotFound } from "~/lib/site/page.server";
export { getPageText } from "~/lib/site/page-text.server";
export { itemListJsonLd } from "~/lib/site/structured-data.server";
export { pathFor } from "~/lib/site/route-table";
