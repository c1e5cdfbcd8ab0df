// The sub-treatment route's server code, imported through this one module (ADR 019).
export { getSubTreatment, getTreatment } from "~/lib/platform/api/content.server";
export { loadDetailPage } from "~/lib/site/detail.server";
export { subTreatmentView } from "~/lib/site/views/sub-treatment.server";
export { subTreatmentLanguagePaths } from "~/lib/site/treatment-paths.server";
