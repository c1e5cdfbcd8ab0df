import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LEAD_FORM_SCHEMAS, type LeadIntent } from "~/lib/admin/lead-forms";
import { statusKey } from "~/lib/admin/lead-status";
import { NoteEarlier, NoteEdit, type EditedNote } from "~/components/admin/lead-pipeline";
import { LEAD_STATUSES } from "~/lib/platform/api/admin-contract";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  AuthenticityTokenInput,
  Field,
  FormAlert,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "~/components/form/form-kit";

export type LeadActionData = { intent: LeadIntent; result: SubmissionResult<string[]> } | undefined;
type Person = { id: number; name: string };

/** The result for one of the page's forms: each form shows only its own errors. */
const resultFor = (actionData: LeadActionData, intent: LeadIntent) => (actionData?.intent === intent ? actionData.result : undefined);

function SaveButton({ intent, children, className = "button button-primary" }: { intent: LeadIntent; children: ReactNode; className?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.endsWith(`intent=${intent}`);
  return (
    <button type="submit" className={className} disabled={busy}>
      {children}
    </button>
  );
}

/** Status and assignee: one select and a save button each. Viewers get the same facts as text. */
export function LeadHandling(props: {
  status: string;
  /** The status the form starts at: the lead's, or lost when the board sent a move to lost here to ask why. */
  proposed?: string;
  lostReason: string | null;
  assignee: Person | null;
  assignees: Person[];
  canWrite: boolean;
  actionData: LeadActionData;
}) {
  const { status, proposed = status, lostReason, assignee, assignees, canWrite, actionData } = props;
  const { t } = useTranslation("admin");
  if (!canWrite) {
    return (
      <dl className="admin-fields">
        <div>
          <dt>{t("leads.status")}</dt>
          <dd>{t(statusKey(status))}</dd>
        </div>
        {lostReason ? (
          <div>
            <dt>{t("leads.lostReason")}</dt>
            <dd dir="auto">{lostReason}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("leads.assignee")}</dt>
          <dd dir="auto">{assignee?.name ?? t("leads.unassigned")}</dd>
        </div>
      </dl>
    );
  }
  // A select can only be refused as a whole (a choice the API no longer takes): every message shows above it.
  const errors = (intent: LeadIntent) => Object.values(resultFor(actionData, intent)?.error ?? {}).flatMap((list) => list ?? []);
  return (
    <>
      <Form method="post" action="?intent=status" className="admin-row-form" key={`status-${status}`}>
        <AuthenticityTokenInput />
        <FormAlert errors={errors("status")} />
        <label htmlFor="lead-status">{t("leads.status")}</label>
        <select id="lead-status" name="status" defaultValue={proposed}>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(statusKey(s))}
            </option>
          ))}
        </select>
        {/* Asked with the status, so a move to lost says why in the same post. */}
        <label htmlFor="lead-lost-reason">{t("leads.lostReason")}</label>
        <p id="lead-lost-reason-hint" className="field-hint">
          {t("leads.lostReasonHint")}
        </p>
        <input id="lead-lost-reason" name="lostReason" maxLength={500} defaultValue={lostReason ?? ""} aria-describedby="lead-lost-reason-hint" dir="auto" />
        <SaveButton intent="status">{t("leads.saveStatus")}</SaveButton>
      </Form>
      <Form method="post" action="?intent=assignee" className="admin-row-form" key={`assignee-${assignee?.id ?? 0}`}>
        <AuthenticityTokenInput />
        <FormAlert errors={errors("assignee")} />
        <label htmlFor="lead-assignee">{t("leads.assignee")}</label>
        <div className="admin-actions">
          <select id="lead-assignee" name="assigneeId" defaultValue={assignee ? String(assignee.id) : ""}>
            <option value="">{t("leads.nobody")}</option>
            {assignees.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
          <SaveButton intent="assignee">{t("leads.saveAssignee")}</SaveButton>
        </div>
      </Form>
    </>
  );
}

/** The notes, and for those who may write (`noteKey` given) the form to add one. */
export function LeadNotes(props: {
  notes: ({ id: number; author: string; at: string; createdAt: string; text: string } & EditedNote)[];
  noteKey: string | null;
  actionData: LeadActionData;
}) {
  const { notes, actionData } = props;
  const { t } = useTranslation("admin");
  const lastResult = resultFor(actionData, "note");
  // The key the form was sent with while it comes back unsaved, so sending it again is the same note; the page's own after that.
  const sent = lastResult?.initialValue?.noteKey;
  const noteKey = typeof sent === "string" ? sent : props.noteKey;
  const [form, fields] = useForm({
    id: "lead-note",
    lastResult,
    constraint: getZodConstraint(LEAD_FORM_SCHEMAS.note),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LEAD_FORM_SCHEMAS.note }),
  });
  return (
    <>
      {notes.length === 0 ? (
        <p>{t("leads.noNotes")}</p>
      ) : (
        <ol className="admin-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="admin-note-meta">
                <time dateTime={note.createdAt}>{t("leads.noteBy", { name: note.author, date: note.at })}</time>
              </p>
              <p dir="auto" className="admin-pre">
                {note.text}
              </p>
              <NoteEarlier note={note} />
              {noteKey ? <NoteEdit note={note} actionData={actionData} /> : null}
            </li>
          ))}
        </ol>
      )}
      {noteKey ? (
        <Form method="post" action="?intent=note" {...getFormProps(form)} key={notes.length}>
          <AuthenticityTokenInput />
          <input type="hidden" name="noteKey" value={noteKey} />
          <FormAlert errors={form.errors} />
          <Field meta={fields.text} label={t("leads.addNote")} required>
            {() => <textarea {...getTextareaProps(fields.text)} rows={4} dir="auto" />}
          </Field>
          <SaveButton intent="note">{t("leads.saveNote")}</SaveButton>
        </Form>
      ) : null}
    </>
  );
}

export function LeadErasure({ actionData }: { actionData: LeadActionData }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "lead-erase",
    lastResult: resultFor(actionData, "erase"),
    constraint: getZodConstraint(LEAD_FORM_SCHEMAS.erase),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LEAD_FORM_SCHEMAS.erase }),
  });
  return (
    <Form method="post" action="?intent=erase" {...getFormProps(form)}>
      <AuthenticityTokenInput />
      <FormAlert errors={form.errors} />
      <p>{t("leads.erase.text")}</p>
      <Field meta={fields.confirm} label={t("leads.erase.confirm")} checkbox>
        {() => <input {...getInputProps(fields.confirm, { type: "checkbox" })} />}
      </Field>
      <SaveButton intent="erase" className="button button-danger">
        {t("leads.erase.submit")}
      </SaveButton>
    </Form>
  );
}
