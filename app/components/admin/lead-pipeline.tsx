import { Form } from "@remix-run/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useTranslation } from "react-i18next";
import {
  AuthenticityTokenInput,
  Field,
  FormAlert,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "~/components/form/form-kit";
import { LEAD_FORM_SCHEMAS, type LeadIntent } from "~/lib/admin/lead-forms";
import { CURRENCIES } from "~/lib/platform/api/admin-contract";

type ActionData = { intent: LeadIntent; result: SubmissionResult<string[]> } | undefined;
const resultFor = (actionData: ActionData, intent: LeadIntent, match = true) => (actionData?.intent === intent && match ? actionData.result : undefined);

/** A note's edit and earlier texts, as the loader words them. */
export interface EditedNote {
  id: number;
  text: string;
  edited: { by: string; at: string; editedAt: string } | null;
  earlier: { author: string; at: string; text: string }[];
}

/** The texts a note had before its edits, with who wrote each and when. */
export function NoteEarlier({ note }: { note: EditedNote }) {
  const { t } = useTranslation("admin");
  if (!note.edited) return null;
  return (
    <>
      <p className="admin-note-meta">
        <time dateTime={note.edited.editedAt}>{t("pipeline.notes.edited", { name: note.edited.by, date: note.edited.at })}</time>
      </p>
      {note.earlier.length ? (
        <details className="admin-note-earlier">
          <summary>{t("pipeline.notes.earlier", { count: note.earlier.length })}</summary>
          <ol>
            {note.earlier.map((version, i) => (
              <li key={i}>
                <p className="admin-note-meta">{t("pipeline.notes.earlierBy", { name: version.author, date: version.at })}</p>
                <p dir="auto" className="admin-pre">
                  {version.text}
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </>
  );
}

/** Editing a note: a disclosure with its text in a form (no JavaScript needed); the text it replaces is kept. */
export function NoteEdit({ note, actionData }: { note: EditedNote; actionData: ActionData }) {
  const { t } = useTranslation("admin");
  const mine = actionData?.intent === "noteEdit" && actionData.result.initialValue?.noteId === String(note.id);
  const [form, fields] = useForm({
    id: `note-edit-${note.id}`,
    lastResult: resultFor(actionData, "noteEdit", mine),
    constraint: getZodConstraint(LEAD_FORM_SCHEMAS.noteEdit),
    shouldValidate: "onBlur",
    defaultValue: { text: note.text, noteId: String(note.id) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LEAD_FORM_SCHEMAS.noteEdit }),
  });
  return (
    <details className="admin-note-edit" open={mine || undefined}>
      <summary>{t("pipeline.notes.edit")}</summary>
      <Form method="post" action="?intent=noteEdit" {...getFormProps(form)} key={note.text}>
        <AuthenticityTokenInput />
        <input type="hidden" name="noteId" value={note.id} />
        <FormAlert errors={form.errors} />
        <Field meta={fields.text} label={t("pipeline.notes.text")} required>
          {() => <textarea {...getTextareaProps(fields.text)} rows={3} dir="auto" />}
        </Field>
        <button type="submit" className="button button-secondary">
          {t("pipeline.notes.save")}
        </button>
      </Form>
    </details>
  );
}

/** The offer's value and currency and the follow-up day: one form; viewers get the facts as text. */
export function LeadPipelineFields(props: {
  offerValue: number | null;
  offerCurrency: string | null;
  offerText: string | null;
  followUpOn: string | null;
  followUp: string | null;
  overdue: boolean;
  canWrite: boolean;
  actionData: ActionData;
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "lead-pipeline",
    lastResult: resultFor(props.actionData, "pipeline"),
    constraint: getZodConstraint(LEAD_FORM_SCHEMAS.pipeline),
    shouldValidate: "onBlur",
    defaultValue: {
      offerValue: props.offerValue === null ? "" : String(props.offerValue),
      offerCurrency: props.offerCurrency ?? "",
      followUpOn: props.followUpOn ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LEAD_FORM_SCHEMAS.pipeline }),
  });
  const overdue = props.overdue ? <p className="admin-overdue">{t("pipeline.fields.overdue")}</p> : null;
  if (!props.canWrite) {
    return (
      <dl className="admin-fields">
        <div>
          <dt>{t("pipeline.fields.offerValue")}</dt>
          <dd>{props.offerText ?? "—"}</dd>
        </div>
        <div>
          <dt>{t("pipeline.fields.followUpOn")}</dt>
          <dd>
            {props.followUp ?? "—"}
            {overdue}
          </dd>
        </div>
      </dl>
    );
  }
  return (
    <Form method="post" action="?intent=pipeline" {...getFormProps(form)} key={`${props.offerValue}-${props.offerCurrency}-${props.followUpOn}`}>
      <AuthenticityTokenInput />
      <FormAlert errors={form.errors} />
      <div className="admin-pipeline-offer">
        <Field meta={fields.offerValue} label={t("pipeline.fields.offerValue")}>
          {() => <input {...getInputProps(fields.offerValue, { type: "number" })} min={0} step={1} inputMode="numeric" />}
        </Field>
        <Field meta={fields.offerCurrency} label={t("pipeline.fields.currency")}>
          {() => (
            <select {...getSelectProps(fields.offerCurrency)}>
              <option value="">{t("pipeline.fields.noCurrency")}</option>
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field meta={fields.followUpOn} label={t("pipeline.fields.followUpOn")}>
        {() => <input {...getInputProps(fields.followUpOn, { type: "date" })} />}
      </Field>
      {overdue}
      <button type="submit" className="button button-primary">
        {t("pipeline.fields.save")}
      </button>
    </Form>
  );
}
