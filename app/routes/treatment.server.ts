// The treatment route's server code, imported through this one module (ADR 019).
export { getTreatment } from "~/lib/api/content.server";
export { throwApiFailure } from "~/lib/api/unavailable.server";
export { detailRoute, itemLanguagePaths, redirectToCanonical } from "~/lib/detail.server";
export { treatmentView } from "~/lib/views/treatment.server";
