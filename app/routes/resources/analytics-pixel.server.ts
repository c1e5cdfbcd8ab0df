// The analytics pixel route's server code, imported through this one module (ADR 019).
export { NO_STORE, recordPageView } from "~/lib/analytics/record.server";
