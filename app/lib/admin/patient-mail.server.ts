import type { AppLoadContext } from "@remix-run/node";
import { leadAlertPrefix } from "~/lib/platform/mail/message";
import type { MailRow } from "~/lib/platform/outbox/store.server";

/** The mail this instance's outbox keeps about each of the leads (their alerts name the lead), by lead. */
export async function patientMail(context: AppLoadContext, leadIds: number[]): Promise<Map<number, MailRow[]>> {
  const rows = await Promise.all(leadIds.map((id) => context.mailbox.mailAbout(leadAlertPrefix(id))));
  return new Map(leadIds.map((id, i) => [id, rows[i]]));
}

/** Erasure (ADR 030) reaches the mail kept about each lead, as a lead's erasure does. */
export async function erasePatientMail(context: AppLoadContext, leadIds: number[]) {
  for (const id of leadIds) await context.mailbox.eraseMailAbout(leadAlertPrefix(id));
}
