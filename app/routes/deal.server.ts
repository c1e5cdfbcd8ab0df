// The deal route's server code, imported through this one module (ADR 019).
export { getSpecialDeal } from "~/lib/api/content.server";
export { throwApiFailure } from "~/lib/api/unavailable.server";
export { detailRoute, itemLanguagePaths, redirectToCanonical } from "~/lib/detail.server";
export { dealView } from "~/lib/views/deal.server";
