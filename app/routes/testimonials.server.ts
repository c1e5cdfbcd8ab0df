// The testimonials route's server code, imported through this one module (ADR 019).
export { getTestimonialsPage } from "~/lib/api/content.server";
export { sanitizeRichText } from "~/lib/sanitize.server";
export { loadListPage } from "~/lib/list-page.server";
