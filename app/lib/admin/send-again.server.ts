import type { AppLoadContext } from "@remix-run/node";
import { staffCall, staffFailure } from "~/lib/admin/guard.server";
import { refusalStatus } from "~/lib/admin/delivery";
import type { Staff } from "~/lib/admin/sessions.server";
import { OUTBOX_ID } from "~/lib/api/admin-contract";
import { ApiError } from "~/lib/api/errors";

/**
 * The delivery page's "send again" of a lead the API refused. It is put in the API's audit log
 * first (who, the lead's outbox id and kind, why it was refused: nothing its sender typed), then
 * put back in line: an API that cannot record it sends nothing again. False when there is no
 * such refused lead (someone sent it again from another tab).
 */
export async function sendRefusedLeadAgain(context: AppLoadContext, staff: Staff, id: string): Promise<boolean> {
  const lead = OUTBOX_ID.test(id) ? context.outboxAdmin.refusedLead(id) : undefined;
  if (!lead) return false;
  const refusal = refusalStatus(lead.reason);
  const path = `admin/outbox/${id}/send-again`;
  const answer = await staffCall(() => context.staffApi.as(staff.token).send("POST", path, { kind: lead.kind, ...(refusal ? { refusal } : {}) }));
  if (answer.status !== 204) staffFailure(new ApiError("status", `API call admin/outbox/send-again answered ${answer.status}`, answer.status));
  return context.outboxAdmin.sendAgain(id);
}
