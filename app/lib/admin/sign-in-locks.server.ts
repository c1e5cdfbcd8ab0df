import type { AppLoadContext } from "@remix-run/node";
import { unexpectedAnswer } from "~/lib/admin/answers.server";
import { staffCall } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { redirectWithToast } from "~/lib/site/toast.server";

/** Lifts a user's sign-in lock at the API (their failed sign-ins are forgotten) and goes back to `back` with a toast. */
export async function liftSignInLock(context: AppLoadContext, staff: Staff, id: number, back: string) {
  const path = `admin/users/${id}/sign-in-failures`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("DELETE", path));
  if (answer.status !== 204) unexpectedAnswer(context, path, answer);
  return redirectWithToast(context, back, "admin:users.lifted");
}

/** Turns off a colleague's two-factor sign-in at the API (a lost phone) and goes back to `back` with a toast. */
export async function resetTwoFactor(context: AppLoadContext, staff: Staff, id: number, back: string) {
  const path = `admin/users/${id}/two-factor`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("DELETE", path));
  // Already off (another owner was quicker, or a second click): the page shows it as it is.
  if (answer.status !== 204 && answer.status !== 409) unexpectedAnswer(context, path, answer);
  return redirectWithToast(context, back, "admin:users.twoFactorWasReset");
}
