// The consent route's server code, imported through this one module (ADR 019).
export { data, redirect } from "@remix-run/node";
export { consentHeader, nextConsent, readConsent } from "~/lib/site/consent.server";
export { plainPage } from "~/lib/platform/http/plain-page.server";
export { refusalStatus } from "~/lib/platform/http/refusal.server";
