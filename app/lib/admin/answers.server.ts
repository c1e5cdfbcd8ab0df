import type { AppLoadContext } from "@remix-run/node";
import { staffFailure } from "~/lib/admin/guard.server";
import { ApiError } from "~/lib/platform/api/errors";
import type { Answer } from "~/lib/platform/api/staff-client.server";

/** A write's answer the page has no words of its own for (401, 403, 404, 5xx): answered as any failed admin call is. */
export function unexpectedAnswer(context: Pick<AppLoadContext, "staffSessions">, path: string, answer: Answer): never {
  return staffFailure(context, new ApiError("status", `API call ${path} answered ${answer.status}`, answer.status));
}
