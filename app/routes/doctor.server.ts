// The doctor route's server code, imported through this one module (ADR 019).
export { getDoctorByUri, getRedirect } from "~/lib/api/content.server";
export { throwApiFailure } from "~/lib/api/unavailable.server";
export { pageRoute, requireRouteOr404 } from "~/lib/page.server";
export { doctorView } from "~/lib/views/doctor.server";
