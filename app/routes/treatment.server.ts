// The treatment route's server code, imported through this one module (ADR 019).
export { getTreatment } from "~/lib/api/content.server";
export { loadDetailPage } from "~/lib/detail.server";
export { treatmentView } from "~/lib/views/treatment.server";
