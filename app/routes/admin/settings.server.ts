// The settings route's server code, imported through this one module (ADR 019).
export { data } from "@remix-run/node";
export { requirePage, requirePost, staffCall, staffFailure } from "~/lib/admin/guard.server";
export { adminTitle } from "~/lib/admin/title.server";
export { settingsChanged } from "~/lib/site/settings.server";
export { redirectWithToast } from "~/lib/site/toast.server";
export { saveAlertMode } from "~/lib/admin/alert-mode.server";
export { saveTwoFactorPolicy } from "~/lib/admin/two-factor-policy.server";
export { saveBulletinOpens } from "~/lib/admin/bulletin-opens.server";
