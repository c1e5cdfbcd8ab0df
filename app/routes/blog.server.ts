// The blog route's server code, imported through this one module (ADR 019).
export { getBlogPage } from "~/lib/platform/api/content.server";
export { itemListJsonLd } from "~/lib/site/structured-data.server";
export { loadListPage } from "~/lib/site/list-page.server";
