// The built forms' list page's server code, imported through this one module (ADR 019).
export { formListPaths, getPublishedForms } from "~/lib/forms/built-forms.server";
export { formPath } from "~/lib/forms/built-form-paths";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
export { breadcrumbTrail } from "~/lib/site/breadcrumbs.server";
export { buildPageMeta, getT, pageRoute, requireRouteOr404, withNotFound } from "~/lib/site/page.server";
export { getPageText } from "~/lib/site/page-text.server";
