import type { AppLoadContext } from "@remix-run/node";
import { staffFailure } from "~/lib/admin/guard.server";
import type { Staff } from "~/lib/admin/sessions.server";
import { ApiError } from "~/lib/platform/api/errors";
import type { Answer } from "~/lib/platform/api/staff-client.server";

/**
 * A pipeline write to the API as the staff member (the board's move, a bulk change, a hand-entered
 * lead): the answer when the API took it or refused the values (4xx), a failure page otherwise.
 */
export async function sendLeadChange(
  context: AppLoadContext,
  staff: Staff,
  method: "POST" | "PATCH",
  path: string,
  body: unknown,
  options: { idempotencyKey?: string } = {},
): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await context.staffApi.as(staff.token).send(method, path, body, options);
  } catch (error) {
    return staffFailure(context, error);
  }
  if (answer.status >= 500 || answer.status === 401 || answer.status === 403) {
    return staffFailure(context, new ApiError("status", `API call ${path} answered ${answer.status}`, answer.status));
  }
  return answer;
}
