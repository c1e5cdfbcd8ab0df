// A built form's page's server code, imported through this one module (ADR 019).
export { builtFormAction, loadBuiltFormPage, type ShownFormField } from "~/lib/forms/built-forms.server";
