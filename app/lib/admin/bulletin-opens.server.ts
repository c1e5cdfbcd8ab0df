import type { AppLoadContext } from "@remix-run/node";
import { staffCall, staffFailure } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { ApiError } from "~/lib/platform/api/errors";
import { redirectWithToast } from "~/lib/site/toast.server";

/** The settings page's bulletin-opens form (ADR 057 amended): one checkbox, kept in the API so every instance's sends read the same. */
export async function saveBulletinOpens(context: AppLoadContext, staff: Staff, form: FormData) {
  const value = form.get("countOpens");
  // A checkbox: "on" when ticked, absent when not; anything else is not this page's form.
  if (value !== null && value !== "on") return redirectWithToast(context, "/admin/settings", "admin:settings.errors.rejected");
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("PUT", "admin/bulletin-settings", { countOpens: value === "on" }));
  if (answer.status !== 200) staffFailure(context, new ApiError("status", `PUT admin/bulletin-settings answered ${answer.status}`, answer.status));
  return redirectWithToast(context, "/admin/settings", "admin:toast.saved");
}
