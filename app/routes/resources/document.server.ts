// The document route's server code, imported through this one module (ADR 019).
export { documentFile, pdfFile } from "~/lib/site/document-file.server";
export { holdsFile, notCounted } from "~/lib/site/download-request.server";
export { readConsent } from "~/lib/site/consent.server";
export { getTextPage } from "~/lib/platform/api/content.server";
export { throwApiFailure } from "~/lib/platform/api/unavailable.server";
