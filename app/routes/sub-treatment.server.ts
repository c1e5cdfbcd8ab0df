// The sub-treatment route's server code, imported through this one module (ADR 019).
export { getSubTreatment, getTreatment } from "~/lib/api/content.server";
export { loadDetailPage } from "~/lib/detail.server";
export { subTreatmentView } from "~/lib/views/sub-treatment.server";
export { subTreatmentLanguagePaths } from "~/lib/treatment-paths.server";
