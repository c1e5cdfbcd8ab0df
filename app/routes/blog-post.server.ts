// The blog-post route's server code, imported through this one module (ADR 019).
// The category the loader checks: imported from the contract by the route itself, it brought zod
// (14 KB) into the post page's scripts (#16).
export { CATEGORY } from "~/lib/platform/api/contract";
export { getBlogPost } from "~/lib/platform/api/content.server";
export { loadDetailPage } from "~/lib/site/detail.server";
export { requireRouteOr404 } from "~/lib/site/page.server";
export { blogPostView } from "~/lib/site/views/blog-post.server";
