// The home route's server code, imported through this one module (ADR 019).
export { getPageText } from "~/lib/page-text.server";
export { loadHomeSections } from "~/lib/home.server";
export { buildPageMeta, getT, pageRoute } from "~/lib/page.server";
export { getSettings } from "~/lib/settings.server";
export { medicalClinicJsonLd } from "~/lib/structured-data.server";
