// The lead-photo route's server code, imported through this one module (ADR 019).
// The loader's values too: imported by the route itself, the forms' schemas brought zod and
// conform's adapter into the browser's build of a route that has no page (#16).
export { ApiError } from "~/lib/platform/api/errors";
export { requirePage, staffCall, staffFailure } from "~/lib/admin/guard.server";
export { leadIdOf } from "~/lib/admin/lead-actions.server";
export { cleanPhoto } from "~/lib/platform/images/clean-photo.server";
export { ImageRejected } from "~/lib/platform/images/sharp.server";
export { isWholePdf } from "~/lib/platform/files/whole-pdf.server";
export { PDF_MIME_TYPE } from "~/lib/forms/choices";
