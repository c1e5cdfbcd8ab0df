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
