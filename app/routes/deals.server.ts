// The deals route's server code, imported through this one module (ADR 019).
export { getAllSpecialDeals } from "~/lib/api/content.server";
export { itemListJsonLd } from "~/lib/structured-data.server";
export { loadListPage, slicePage } from "~/lib/list-page.server";
