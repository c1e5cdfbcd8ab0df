// An "About life" article's server code, imported through this one module (ADR 019).
export { articleView } from "~/lib/site/about-life.server";
export { getAboutLifeArticle } from "~/lib/platform/api/content.server";
export { loadDetailPage } from "~/lib/site/detail.server";
