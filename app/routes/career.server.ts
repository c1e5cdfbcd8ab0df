// The career route's server code, imported through this one module (ADR 019).
export { getCountries } from "~/lib/platform/api/content.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { loadFormPage } from "~/lib/forms/form-page.server";
export { jobPhoto } from "~/lib/forms/job-photo.server";
export { leadAction, leadBase } from "~/lib/forms/lead-action.server";
export { DEFAULT_UPLOAD_LIMITS, readMultipartForm } from "~/lib/forms/upload.server";
export { getT, pageRoute } from "~/lib/site/page.server";
