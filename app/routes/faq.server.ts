// The faq route's server code, imported through this one module (ADR 019).
export { getAllFaqs } from "~/lib/platform/api/content.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { pageRoute } from "~/lib/site/page.server";
export { faqView } from "~/lib/site/views/faq.server";
