// The testimonials route's server code, imported through this one module (ADR 019).
export { getTestimonialsPage } from "~/lib/platform/api/content.server";
export { sanitizeRichText } from "~/lib/site/sanitize.server";
export { loadListPage } from "~/lib/site/list-page.server";
