// The deal route's server code, imported through this one module (ADR 019).
export { getAllPackages, getSpecialDeal } from "~/lib/platform/api/content.server";
export { loadDetailPage } from "~/lib/site/detail.server";
export { dealView } from "~/lib/site/views/deal.server";
