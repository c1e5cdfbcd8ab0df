import type { AppLoadContext } from "@remix-run/node";
import { staffCall, staffFailure } from "~/lib/admin/guard.server";
import { refusalStatus } from "~/lib/admin/delivery";
import type { Staff } from "~/lib/admin/sessions.server";
import { OUTBOX_ID, type OutboxAction } from "~/lib/platform/api/admin-contract";
import { ApiError } from "~/lib/platform/api/errors";

/**
 * The delivery page's "send again" and "discard" of a lead the API refused. Each is put in the API's
 * audit log first (who, the lead's outbox id and kind, why it was refused: nothing its sender
 * typed), then done here: an API that cannot record it changes nothing. False when there is no such
 * refused lead (someone sent it again or discarded it from another tab).
 */
async function recorded(context: AppLoadContext, staff: Staff, id: string, action: OutboxAction, act: () => Promise<boolean>): Promise<boolean> {
  const lead = OUTBOX_ID.test(id) ? await context.outboxAdmin.refusedLead(id) : undefined;
  if (!lead) return false;
  const refusal = refusalStatus(lead.reason);
  const path = `admin/outbox/${id}/${action}`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("POST", path, { kind: lead.kind, ...(refusal ? { refusal } : {}) }));
  if (answer.status !== 204) staffFailure(context, new ApiError("status", `API call admin/outbox/${action} answered ${answer.status}`, answer.status));
  return act();
}

export const sendRefusedLeadAgain = (context: AppLoadContext, staff: Staff, id: string) =>
  recorded(context, staff, id, "send-again", () => context.outboxAdmin.sendAgain(id));

/** Erases a refused lead at once: it never reached the inbox, so this is where its sender's erasure is done. */
export const discardRefusedLead = (context: AppLoadContext, staff: Staff, id: string) =>
  recorded(context, staff, id, "discard", () => context.outboxAdmin.discard(id));
