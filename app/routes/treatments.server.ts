// The treatments route's server code, imported through this one module (ADR 019).
export { getTreatmentsPage } from "~/lib/platform/api/content.server";
export { loadListPage } from "~/lib/site/list-page.server";
export { itemListJsonLd } from "~/lib/site/structured-data.server";
