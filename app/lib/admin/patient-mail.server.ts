import type { AppLoadContext } from "@remix-run/node";
import { addressDigest } from "~/lib/newsletter/address-digest.server";
import { leadAlertPrefix, newsletterMailPrefix } from "~/lib/platform/mail/message";
import type { MailRow } from "~/lib/platform/outbox/store.server";

/** The mail this instance's outbox keeps about each of the leads (their alerts name the lead), by lead. */
export async function patientMail(context: AppLoadContext, leadIds: number[]): Promise<Map<number, MailRow[]>> {
  const rows = await Promise.all(leadIds.map((id) => context.mailbox.mailAbout(leadAlertPrefix(id))));
  return new Map(leadIds.map((id, i) => [id, rows[i]]));
}

/**
 * Erasure (ADR 030) reaches the mail kept about each lead, as a lead's erasure does, and the
 * newsletter confirmations this site mailed to the person's addresses (ADR 056).
 */
export async function erasePatientMail(context: AppLoadContext, leadIds: number[], emails: string[] = []) {
  for (const id of leadIds) await context.mailbox.eraseMailAbout(leadAlertPrefix(id));
  for (const email of new Set(emails.map((e) => e.trim().toLowerCase()))) await context.mailbox.eraseMailAbout(newsletterMailPrefix(addressDigest(email)));
}
