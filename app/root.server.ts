// The root route's server code, imported through this one module (ADR 019).
export { config } from "~/config.server";
export { default as i18next } from "~/i18next.server";
export { getMenuTreatments } from "~/lib/api/content.server";
export { getSettings } from "~/lib/settings.server";
export { readConsent } from "~/lib/consent.server";
export { readToast } from "~/lib/toast.server";
