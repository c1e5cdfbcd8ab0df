import type { AppLoadContext } from "@remix-run/node";
import { staffCall, staffFailure } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { RoleSchema } from "~/lib/platform/api/admin-contract";
import { ApiError } from "~/lib/platform/api/errors";
import { redirectWithToast } from "~/lib/site/toast.server";

/** The settings page's two-factor form: the roles that must sign in with two factors, kept in the API for every instance. */
export async function saveTwoFactorPolicy(context: AppLoadContext, staff: Staff, form: FormData) {
  const roles = form
    .getAll("role")
    .slice(0, 10)
    .map((value) => RoleSchema.safeParse(value));
  // Four checkboxes of known values: anything else is not this page's form.
  if (roles.some((role) => !role.success)) return redirectWithToast(context, "/admin/settings", "admin:settings.errors.rejected");
  const requiredRoles = roles.flatMap((role) => (role.success ? [role.data] : []));
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("PUT", "admin/two-factor-policy", { requiredRoles }));
  if (answer.status !== 200) staffFailure(context, new ApiError("status", `PUT admin/two-factor-policy answered ${answer.status}`, answer.status));
  return redirectWithToast(context, "/admin/settings", "admin:toast.saved");
}
