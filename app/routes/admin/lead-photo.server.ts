// The lead-photo route's server code, imported through this one module (ADR 019).
// The loader's values too: the forms' schemas, imported by the route itself, brought zod and
// conform's adapter into the browser's build of a route that has no page (#16).
export { ApiError } from "~/lib/api/errors";
export { PHOTO_MIME_TYPES } from "~/lib/forms/schemas";
export { requirePermission, staffCall, staffFailure } from "~/lib/admin/guard.server";
export { leadIdOf } from "~/lib/admin/lead-actions.server";
