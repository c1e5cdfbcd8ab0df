import type { TFunction } from "i18next";
import { countryName } from "~/lib/admin/lead-fields.server";
import { historyLines } from "~/lib/admin/lead-history-words";
import { staffDateTime } from "~/lib/admin/staff-time";
import type { PatientDetail } from "~/lib/platform/api/admin-contract";
import type { MailMessage } from "~/lib/platform/mail/message";
import type { MailRow } from "~/lib/platform/outbox/store.server";

/** One line of a patient's timeline: what happened, on which lead, when and by whom, worded for the reader. */
export interface TimelineEntry {
  at: string;
  when: string;
  leadId: number;
  type: "lead" | "note" | "change" | "mail";
  /** Who did it (a staff member), or null for the visitor's form and the system. */
  who: string | null;
  /** The headline, in the reader's words. */
  title: string;
  /** What was written (a message, a note, a mail's subject), as written. */
  text: string | null;
}

/** A consent a form recorded: the field, its value and the time the form came in. */
export interface ConsentLine {
  leadId: number;
  field: string;
  value: string;
  at: string;
  when: string;
}

/** Fields whose name says they are a consent (privacyConsent, and any later marketingConsent). */
const isConsent = (key: string) => /consent/i.test(key);

/**
 * Every lead of the patient, its notes, its changes (the lead's own history) and the mail kept about
 * it, newest first; then what the leads say of the person: languages, countries, treatments, consents.
 */
export function patientTimeline(
  t: TFunction,
  lang: string,
  patient: PatientDetail,
  mail: Map<number, MailRow[]>,
  treatments: Map<number, string>,
  /** A built form's lead's answers, labelled as its version words them (labelledAnswersByLead). */
  answers: Map<number, { label: string; value: string }[]> = new Map(),
) {
  const entries: TimelineEntry[] = [];
  const consents: ConsentLine[] = [];
  const countries = new Set<string>();
  const interests = new Set<string>();
  for (const lead of patient.leads) {
    const kind =
      lead.source && lead.source !== "website"
        ? t("leads.withSource", { kind: t(`kinds.${lead.kind}`), source: t(`leads.sources.${lead.source}`, { defaultValue: lead.source }) })
        : t(`kinds.${lead.kind}`);
    const answered = answers.get(lead.id)?.map((field) => `${field.label}: ${field.value}`);
    const message = typeof lead.fields.message === "string" && lead.fields.message ? lead.fields.message : answered?.length ? answered.join("\n") : null;
    entries.push({
      at: lead.receivedAt,
      when: staffDateTime(lang, lead.receivedAt),
      leadId: lead.id,
      type: "lead",
      who: lead.enteredBy?.name ?? null,
      title: t("patients.timeline.lead", { kind, id: lead.id }),
      text: message,
    });
    for (const note of lead.notes) {
      entries.push({
        at: note.createdAt,
        when: staffDateTime(lang, note.createdAt),
        leadId: lead.id,
        type: "note",
        who: note.author.name,
        title: t("patients.timeline.note", { id: lead.id }),
        text: note.text,
      });
    }
    for (const line of historyLines(t, lang, lead.history)) {
      const change = line.from === null ? (line.to ?? "") : `${line.from} → ${line.to ?? t("pipeline.history.none_value")}`;
      entries.push({
        at: line.at,
        when: line.when,
        leadId: lead.id,
        type: "change",
        who: line.actor,
        title: t("patients.timeline.change", { field: t(`pipeline.history.fields.${line.field}`), id: lead.id }),
        text: change,
      });
    }
    for (const row of mail.get(lead.id) ?? []) {
      const sent = JSON.parse(row.payload) as MailMessage;
      const at = new Date(Number(row.created_at)).toISOString();
      entries.push({
        at,
        when: staffDateTime(lang, at),
        leadId: lead.id,
        type: "mail",
        who: null,
        title: t("patients.timeline.mail", { to: sent.to, id: lead.id }),
        text: sent.subject,
      });
    }
    if (typeof lead.fields.countryCode === "string") countries.add(countryName(lead.fields.countryCode, lang));
    if (typeof lead.fields.treatmentId === "number") interests.add(treatments.get(lead.fields.treatmentId) ?? String(lead.fields.treatmentId));
    for (const [field, value] of Object.entries(lead.fields)) {
      if (!isConsent(field)) continue;
      consents.push({ leadId: lead.id, field, value: String(value), at: lead.receivedAt, when: staffDateTime(lang, lead.receivedAt) });
    }
  }
  // Newest first; at the same instant, the lead before what was done to it reads last.
  entries.sort((a, b) => (a.at === b.at ? order(b.type) - order(a.type) : a.at < b.at ? 1 : -1));
  return {
    entries,
    consents,
    languages: patient.languages.map((code) => t(`siteLanguages.${code}`)),
    countries: [...countries],
    treatments: [...interests],
  };
}

const order = (type: TimelineEntry["type"]) => ["lead", "change", "note", "mail"].indexOf(type);
