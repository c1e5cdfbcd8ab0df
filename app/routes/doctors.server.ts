// The doctors route's server code, imported through this one module (ADR 019).
export { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
export { getPageText } from "~/lib/site/page-text.server";
export { getAllDoctors } from "~/lib/platform/api/content.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { physician, presentDoctor } from "~/lib/site/views/present-doctor.server";
export { buildPageMeta, getT, pageRoute } from "~/lib/site/page.server";
export { itemListJsonLd } from "~/lib/site/structured-data.server";
