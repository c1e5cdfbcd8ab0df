// The sitemap route's server code, imported through this one module (ADR 019).
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { renderSitemap, sitemapEntries } from "~/lib/site/sitemap.server";
