// The doctors route's server code, imported through this one module (ADR 019).
export { breadcrumbTrail } from "~/lib/breadcrumbs.server";
export { getPageText } from "~/lib/page-text.server";
export { getAllDoctors } from "~/lib/api/content.server";
export { throwApiFailure } from "~/lib/api/unavailable.server";
export { physician, presentDoctor } from "~/lib/doctors/view.server";
export { buildPageMeta, getT, pageRoute } from "~/lib/page.server";
export { itemListJsonLd } from "~/lib/structured-data.server";
