import { data, type AppLoadContext } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { isUnavailable } from "~/lib/admin/content-unsaved.server";
import { staffFailure } from "~/lib/admin/guard.server";
import { LEAD_FORM_SCHEMAS, type LeadIntent } from "~/lib/admin/lead-forms";
import type { Staff } from "~/lib/admin/sessions.server";
import { ApiError } from "~/lib/platform/api/errors";
import { leadAlertPrefix } from "~/lib/platform/mail/message";
import type { Answer } from "~/lib/platform/api/staff-client.server";
import { redirectWithToast } from "~/lib/site/toast.server";

/** The id in /admin/leads/:id: digits only, else there is no such lead (404 in the shell). */
export function leadIdOf(params: { id?: string }): number {
  const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id)) throw data({ reason: "notFound" }, { status: 404 });
  return id;
}

/** Answers the API may give a valid form for reasons of its own (the assignee lost write:lead meanwhile). */
const REFUSALS = new Set([400, 409, 422]);

type LeadApi = ReturnType<AppLoadContext["staffApi"]["as"]>;

/** The API call of one of the lead page's forms. A note carries its form's key: sent twice, it is stored once. */
function send(api: LeadApi, path: string, intent: LeadIntent, value: Record<string, unknown>): Promise<Answer> {
  switch (intent) {
    case "status":
      return api.send("PATCH", path, { status: value.status, ...(value.status === "lost" ? { lostReason: value.lostReason } : {}) });
    case "pipeline":
      return api.send("PATCH", path, {
        offerValue: value.offerValue ?? null,
        offerCurrency: value.offerValue === undefined ? null : value.offerCurrency,
        followUpOn: value.followUpOn ?? null,
      });
    case "noteEdit":
      return api.send("PATCH", `${path}/notes/${value.noteId as number}`, { text: value.text });
    case "assignee":
      return api.send("PATCH", path, { assigneeId: value.assigneeId ?? null });
    case "note":
      return api.send("POST", `${path}/notes`, { text: value.text }, { idempotencyKey: value.noteKey as string | undefined });
    case "erase":
      return api.send("DELETE", path);
  }
}

/**
 * One of the lead page's posts: checks the form, calls the API as the staff member, then
 * redirects with a toast (post/redirect/get), or answers the form's errors.
 */
export async function runLeadIntent(context: AppLoadContext, staff: Staff, id: number, intent: LeadIntent, form: FormData) {
  const submission = parseWithZod(form, { schema: LEAD_FORM_SCHEMAS[intent] });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const path = `admin/leads/${id}`;
  let answer: Answer;
  try {
    answer = await send(context.staffApi.as(staff.token), path, intent, submission.value as Record<string, unknown>);
    if (answer.status >= 500) throw new ApiError("status", `API call ${path} (${intent}) answered ${answer.status}`, answer.status);
  } catch (error) {
    // The API may have stored the note though its answer never came: the form comes back as typed,
    // with the same key, so sending it again stores it once.
    if (intent === "note" && isUnavailable(error)) {
      context.logger.warn({ intent }, "admin: a lead note went unanswered");
      return data({ intent, result: submission.reply({ formErrors: ["admin:leads.errors.unanswered"] }) }, { status: 503 });
    }
    return staffFailure(context, error);
  }
  if (answer.status >= 200 && answer.status < 300) {
    // Erasure (ADR 030) reaches the mail kept about the lead too (its alerts name it, nothing more).
    if (intent === "erase") await context.mailbox.eraseMailAbout(leadAlertPrefix(id));
    return intent === "erase"
      ? redirectWithToast(context, "/admin/leads", "admin:leads.erase.done")
      : redirectWithToast(context, `/admin/leads/${id}`, "admin:toast.saved");
  }
  if (REFUSALS.has(answer.status)) {
    context.logger.warn({ intent, status: answer.status }, "admin: the API refused a lead change");
    return data({ intent, result: submission.reply({ formErrors: ["admin:leads.errors.refused"] }) }, { status: 409 });
  }
  return staffFailure(context, new ApiError("status", `API call ${path} (${intent}) answered ${answer.status}`, answer.status));
}
