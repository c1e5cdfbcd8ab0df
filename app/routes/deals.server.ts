// The deals route's server code, imported through this one module (ADR 019).
export { getAllPackages, getAllSpecialDeals } from "~/lib/platform/api/content.server";
export { itemListJsonLd } from "~/lib/site/structured-data.server";
export { loadListPage, slicePage } from "~/lib/site/list-page.server";
