// The content-sanitize route's server code, imported through this one module (ADR 019).
export { requirePage } from "~/lib/admin/guard.server";
export { requireTextPost } from "~/lib/admin/upload-post.server";
export { sanitizeRichText } from "~/lib/site/sanitize.server";
