// The contact route's server code, imported through this one module (ADR 019).
export { getCountries } from "~/lib/platform/api/content.server";
export { localDialCodes } from "~/lib/forms/dial-codes.server";
export { loadFormPage } from "~/lib/forms/form-page.server";
export { leadAction, leadBase } from "~/lib/forms/lead-action.server";
export { sharedPageRoute } from "~/lib/site/page.server";
