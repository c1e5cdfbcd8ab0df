// The deal route's server code, imported through this one module (ADR 019).
export { getSpecialDeal } from "~/lib/api/content.server";
export { loadDetailPage } from "~/lib/detail.server";
export { dealView } from "~/lib/views/deal.server";
