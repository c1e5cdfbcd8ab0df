// The treatments route's server code, imported through this one module (ADR 019).
export { getTreatmentsPage } from "~/lib/api/content.server";
export { loadListPage } from "~/lib/list-page.server";
export { itemListJsonLd } from "~/lib/structured-data.server";
