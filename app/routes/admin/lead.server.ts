// The lead route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requirePage, requirePost, staffCall } from "~/lib/admin/guard.server";
export { leadIdOf, runLeadIntent } from "~/lib/admin/lead-actions.server";
export { shownFields } from "~/lib/admin/lead-fields.server";
export { leadRefs } from "~/lib/admin/lead-refs.server";
export { adminTitle } from "~/lib/admin/title.server";
export { default as i18next } from "~/lib/render/i18next.server";
export { builtFormAnswers } from "~/lib/admin/built-form-answers.server";
