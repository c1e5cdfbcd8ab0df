// The sitemap route's server code, imported through this one module (ADR 019).
export { throwApiFailure } from "~/lib/api/unavailable.server";
export { renderSitemap, sitemapEntries } from "~/lib/sitemap.server";
