// The home route's server code, imported through this one module (ADR 019).
export { getPageText } from "~/lib/site/page-text.server";
export { loadHomeSections } from "~/lib/site/home.server";
export { buildPageMeta, getT, pageRoute } from "~/lib/site/page.server";
export { getSettings } from "~/lib/site/settings.server";
export { medicalClinicJsonLd } from "~/lib/site/structured-data.server";
