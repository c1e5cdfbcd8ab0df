// The mail webhook route's server code, imported through this one module (ADR 019).
export { refusalStatus } from "~/lib/platform/http/refusal.server";
export { checkSignature, MailReportSchema, MAX_REPORT_BYTES, SIGNATURE_HEADER } from "~/lib/bulletins/mail-webhook.server";
