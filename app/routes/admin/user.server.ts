// The user route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { unexpectedAnswer } from "~/lib/admin/answers.server";
export { requirePage, requirePost, staffCall } from "~/lib/admin/guard.server";
export { liftSignInLock, resetTwoFactor } from "~/lib/admin/sign-in-locks.server";
export { sessionsView, signOutEverywhere } from "~/lib/admin/sessions-view.server";
export { staffDateTime } from "~/lib/admin/staff-time";
export { adminTitle } from "~/lib/admin/title.server";
export { errorCode } from "~/lib/platform/api/staff-client.server";
export { redirectWithToast } from "~/lib/site/toast.server";
export { default as i18next } from "~/lib/render/i18next.server";
