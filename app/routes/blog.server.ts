// The blog route's server code, imported through this one module (ADR 019).
export { getBlogPage } from "~/lib/api/content.server";
export { itemListJsonLd } from "~/lib/structured-data.server";
export { loadListPage } from "~/lib/list-page.server";
