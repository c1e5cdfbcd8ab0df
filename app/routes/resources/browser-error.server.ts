// The browser error route's server code, imported through this one module (ADR 019).
export { PageErrorReportSchema } from "~/lib/platform/errors/browser-errors.server";
export { refusalStatus } from "~/lib/platform/http/refusal.server";
