// The blog-post route's server code, imported through this one module (ADR 019).
// The category the loader checks: imported from the contract by the route itself, it brought zod
// (14 KB) into the post page's scripts (#16).
export { CATEGORY } from "~/lib/api/contract";
export { getBlogPost } from "~/lib/api/content.server";
export { loadDetailPage } from "~/lib/detail.server";
export { requireRouteOr404 } from "~/lib/page.server";
export { blogPostView } from "~/lib/views/blog-post.server";
