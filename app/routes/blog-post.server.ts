// The blog-post route's server code, imported through this one module (ADR 019).
export { getBlogPost } from "~/lib/api/content.server";
export { throwApiFailure } from "~/lib/api/unavailable.server";
export { detailRoute, itemLanguagePaths, redirectToCanonical } from "~/lib/detail.server";
export { requireRouteOr404 } from "~/lib/page.server";
export { blogPostView } from "~/lib/views/blog-post.server";
