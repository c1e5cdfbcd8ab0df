// The newsletter page's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { buildPageMeta, getT, pageRoute } from "~/lib/site/page.server";
export { getPageText } from "~/lib/site/page-text.server";
export { newsletterAction } from "~/lib/newsletter/newsletter-action.server";
