import type { AppLoadContext } from "@remix-run/node";
import { staffCall, staffFailure } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { AlertModeSchema } from "~/lib/platform/api/admin-contract";
import { ApiError } from "~/lib/platform/api/errors";
import { redirectWithToast } from "~/lib/site/toast.server";

/** The settings page's alerts form: who is told of a new lead, kept in the API (every instance takes turns from the same place). */
export async function saveAlertMode(context: AppLoadContext, staff: Staff, form: FormData) {
  const mode = AlertModeSchema.safeParse(form.get("mode"));
  // Only two radio buttons, one checked by default: anything else is not this page's form.
  if (!mode.success) return redirectWithToast(context, "/admin/settings", "admin:settings.errors.rejected");
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("PUT", "admin/alert-settings", { mode: mode.data }));
  if (answer.status !== 200) staffFailure(context, new ApiError("status", `PUT admin/alert-settings answered ${answer.status}`, answer.status));
  return redirectWithToast(context, "/admin/settings", "admin:toast.saved");
}
