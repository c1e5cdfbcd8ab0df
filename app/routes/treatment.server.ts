// The treatment route's server code, imported through this one module (ADR 019).
export { getAllPackages, getTreatment } from "~/lib/platform/api/content.server";
export { loadDetailPage } from "~/lib/site/detail.server";
export { treatmentView } from "~/lib/site/views/treatment.server";
