// The document route's server code, imported through this one module (ADR 019).
export { documentFile } from "~/lib/site/document-file.server";
export { holdsFile, notCounted } from "~/lib/site/download-request.server";
export { readConsent } from "~/lib/site/consent.server";
