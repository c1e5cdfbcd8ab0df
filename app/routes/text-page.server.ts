// The text-page route's server code, imported through this one module (ADR 019).
export { getPageText } from "~/lib/site/page-text.server";
export { buildPageMeta, getT, sharedPageRoute } from "~/lib/site/page.server";
