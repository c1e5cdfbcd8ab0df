// The analytics beacon route's server code, imported through this one module (ADR 019).
export { NO_STORE, readBeacon, recordPageView } from "~/lib/analytics/record.server";
export { isFormBeacon, recordBrowserFormEvent } from "~/lib/analytics/form-events.server";
