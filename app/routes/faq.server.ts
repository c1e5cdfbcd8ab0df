// The faq route's server code, imported through this one module (ADR 019).
export { getAllFaqs } from "~/lib/api/content.server";
export { throwApiFailure } from "~/lib/api/unavailable.server";
export { pageRoute } from "~/lib/page.server";
export { faqView } from "~/lib/views/faq.server";
