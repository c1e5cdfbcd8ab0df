// The text-page route's server code, imported through this one module (ADR 019).
export { getTextPage } from "~/lib/platform/api/content.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { sharedPageRoute } from "~/lib/site/page.server";
export { textPageView } from "~/lib/site/views/text-page.server";
