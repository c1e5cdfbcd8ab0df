import type { AppLoadContext } from "@remix-run/node";
import type { ShownField } from "~/lib/admin/lead-fields.server";
import type { LeadDetail } from "~/lib/platform/api/admin-contract";
import { FormVersionItemSchema, type FormTexts, type FormVersion } from "~/lib/platform/api/forms-contract";

/** Reads published versions with the site's client token, each once (an export names many leads of one form). */
export function versionReader(context: Pick<AppLoadContext, "content">) {
  const read = new Map<number, Promise<FormVersion | null>>();
  return (id: number) => {
    let found = read.get(id);
    if (!found) {
      found = context.content.api.getJson(`forms/versions/${id}`, {}, FormVersionItemSchema).then(
        (answer) => answer.result,
        () => null,
      );
      read.set(id, found);
    }
    return found;
  };
}

/** A text of the form in the staff member's language, else English, else any it was written in. */
export const textIn = (texts: FormTexts, lang: string) => texts[lang as keyof FormTexts] ?? texts.en ?? Object.values(texts).find(Boolean) ?? "";

/**
 * A built form's lead's answers (ADR 065), labelled as the version of the form it answered says (read
 * with the site's client token: a coordinator need not read content), in the form's order; choices by
 * their labels. A version that cannot be read leaves the answers as stored, under their keys.
 */
export async function builtFormAnswers(
  context: Pick<AppLoadContext, "content">,
  fields: LeadDetail["fields"],
  lang: string,
  readVersion = versionReader(context),
  /** The lead's files, to link each under its field (the lead and patient pages; exports list no bytes). */
  files?: { leadId: number; files: LeadDetail["files"] },
): Promise<ShownField[]> {
  const versionId = Number(fields.formVersionId);
  let answers: Record<string, unknown> = {};
  try {
    answers = JSON.parse(String(fields.answers ?? "{}")) as Record<string, unknown>;
  } catch {
    return [];
  }
  const version = Number.isInteger(versionId) ? await readVersion(versionId) : null;
  if (!version)
    return Object.entries(answers).map(([key, value]) => ({ key, label: null, value: Array.isArray(value) ? value.join(", ") : String(value), shape: "text" }));
  const fileOf = (key: string) => files?.files.find((file) => file.field === key);
  return version.definition.fields
    .filter((field) => (field.type === "file" ? fileOf(field.key) : field.key in answers))
    .map((field): ShownField => {
      const file = field.type === "file" ? fileOf(field.key) : undefined;
      if (file && files)
        return {
          key: field.key,
          label: null,
          text: textIn(field.label, lang) || field.key,
          value: `/admin/leads/${files.leadId}/photo?field=${field.key}`,
          shape: file.contentType === "application/pdf" ? "pdfFile" : "photoFile",
        };
      const answer = answers[field.key];
      const values = Array.isArray(answer) ? answer.map(String) : [String(answer)];
      const shown = field.choices.length ? values.map((id) => textIn(field.choices.find((choice) => choice.id === id)?.label ?? {}, lang) || id) : values;
      return {
        key: field.key,
        label: null,
        text: textIn(field.label, lang) || field.key,
        value: shown.join(", "),
        shape: field.type === "email" ? "email" : field.type === "phone" ? "phone" : field.type === "longText" ? "message" : "text",
      };
    });
}

/**
 * Each built form's lead among `leads`, its answers as "label: answer" lines in `lang` (the patient
 * page's timeline and the patient's export, ADR 065): labelled as the version it answered, as the
 * inbox shows them; one read per version.
 */
export async function labelledAnswersByLead(
  context: Pick<AppLoadContext, "content">,
  leads: { id: number; kind: string; fields: LeadDetail["fields"] }[],
  lang: string,
): Promise<Map<number, { key: string; label: string; value: string }[]>> {
  const readVersion = versionReader(context);
  const built = leads.filter((lead) => lead.kind === "builtForm");
  const answers = await Promise.all(built.map((lead) => builtFormAnswers(context, lead.fields, lang, readVersion)));
  return new Map(built.map((lead, i) => [lead.id, answers[i].map((field) => ({ key: field.key, label: field.text ?? field.key, value: field.value }))]));
}
