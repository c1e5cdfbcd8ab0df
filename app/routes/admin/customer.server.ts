// The patient page's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requirePage, requirePost, staffCall } from "~/lib/admin/guard.server";
export { leadIdOf } from "~/lib/admin/lead-actions.server";
export { patientMail, erasePatientMail } from "~/lib/admin/patient-mail.server";
export { labelledAnswersByLead } from "~/lib/admin/built-form-answers.server";
export { patientTimeline } from "~/lib/admin/patient-timeline.server";
export { adminTitle } from "~/lib/admin/title.server";
export { getTreatmentOptions } from "~/lib/platform/api/content.server";
export { redirectWithToast } from "~/lib/site/toast.server";
export { default as i18next } from "~/lib/render/i18next.server";
