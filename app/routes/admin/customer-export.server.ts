// The patient export's server code, imported through this one module (ADR 019).
export { requirePage, staffCall, staffFailure } from "~/lib/admin/guard.server";
export { ApiError } from "~/lib/platform/api/errors";
export { leadIdOf } from "~/lib/admin/lead-actions.server";
export { patientMail } from "~/lib/admin/patient-mail.server";
export { labelledAnswersByLead } from "~/lib/admin/built-form-answers.server";
export { StaffLanguageSchema } from "~/lib/platform/api/admin-contract";
export { default as i18next } from "~/lib/render/i18next.server";
