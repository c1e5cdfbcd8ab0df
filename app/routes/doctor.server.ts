// The doctor route's server code, imported through this one module (ADR 019).
export { redirect } from "@remix-run/node";
// Values the loader checks against: imported from the contract by the route itself, they brought
// zod (14 KB) into the doctor page's scripts (#16).
export { URI_MAX } from "~/lib/platform/api/content-contract";
export { isNotFound } from "~/lib/platform/api/errors";
export { getDoctorByUri, getRedirect } from "~/lib/platform/api/content.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { pageRoute, requireRouteOr404, withNotFound } from "~/lib/site/page.server";
export { doctorView } from "~/lib/site/views/doctor.server";
