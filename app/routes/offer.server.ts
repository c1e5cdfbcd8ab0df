// The offer route's server code, imported through this one module (ADR 019).
export { getCountries, getTreatmentOptions } from "~/lib/platform/api/content.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { unknownChoices } from "~/lib/forms/choices.server";
export { citiesForHtml } from "~/lib/forms/cities.server";
export { loadFormPage } from "~/lib/forms/form-page.server";
export { sharedPageRoute } from "~/lib/site/page.server";
export { leadAction, leadBase } from "~/lib/forms/lead-action.server";
export { startCountry } from "~/lib/forms/choices";
