import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error";
import { OpensFigure } from "~/components/admin/bulletin-opens";
import { BulletinFields } from "~/components/admin/bulletin-fields";
import { BulletinVersions } from "~/components/admin/bulletin-versions";
import { ContentBody } from "~/components/admin/content-body";
import {
  AuthenticityTokenInput,
  FormAlert,
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "~/components/form/form-kit";
import { staffDateTime } from "~/lib/admin/staff-time";
import { bulletinState } from "~/lib/bulletins/state";
import { BULLETIN_BODY_MAX, BULLETIN_TITLE_MAX, BulletinIdParamSchema, BulletinItemSchema, type Bulletin } from "~/lib/platform/api/bulletins-contract";
import { ListSchema } from "~/lib/platform/api/subscriptions-contract";
import { textDirection } from "~/lib/site/route-table";
import {
  adminTitle,
  cleanRichText,
  clinicDateTimeValue,
  data,
  parseWithZod,
  redirect,
  redirectWithToast,
  requirePage,
  requirePost,
  richTextToPlain,
  staffCall,
  archiveChanged,
  issuePath,
} from "./bulletin.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const IdSchema = BulletinIdParamSchema;
const DraftSchema = z.object({
  list: ListSchema,
  title: z.string({ required_error: "bulletins.errors.title" }).trim().min(1, "bulletins.errors.title").max(BULLETIN_TITLE_MAX, "bulletins.errors.title"),
  body: z.string().max(BULLETIN_BODY_MAX, "bulletins.errors.body").default(""),
});

async function bulletinOf(context: LoaderFunctionArgs["context"], token: string, id: number): Promise<Bulletin> {
  return (await staffCall(context, () => context.staffApi.as(token).get("bulletin", { params: { id } }))).result;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "bulletin");
  const id = IdSchema.safeParse(params.id);
  if (!id.success) throw data({ reason: "notFound" }, { status: 404 });
  const api = context.staffApi.as(staff.token);
  const [bulletin, versions] = await Promise.all([
    bulletinOf(context, staff.token, id.data),
    staffCall(context, () => api.get("bulletinVersions", { params: { id: id.data } })),
  ]);
  const counts = await context.bulletins.counts(bulletin.id);
  return {
    bulletin,
    counts,
    versions: { rows: versions.result.data, total: versions.result.totalCount },
    // Its public page, once published in its language's archive (ADR 060).
    publicPath: bulletin.publishedAt ? issuePath(bulletin.list, bulletin.id) : null,
    state: bulletinState(bulletin.status, counts.pending),
    // The mail as a subscriber reads it (plain text, ADR 057), less its unsubscribe line.
    preview: richTextToPlain(bulletin.body),
    canSend: staff.permissions.has("send:bulletin"),
    title: await adminTitle(request, "menu.bulletins"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "bulletin");
  const id = IdSchema.safeParse(params.id);
  if (!id.success) throw data({ reason: "notFound" }, { status: 404 });
  const back = `/admin/bulletins/${id.data}`;
  const api = context.staffApi.as(staff.token);
  const step = String(form.get("do") ?? "");
  if (step === "save") {
    const submission = parseWithZod(form, { schema: DraftSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const draft = { ...submission.value, body: cleanRichText(submission.value.body) };
    const answer = await staffCall(context, () => api.send("PUT", `admin/bulletins/${id.data}`, draft));
    if (answer.status === 409) return redirectWithToast(context, back, "admin:bulletins.notDraft");
    if (answer.status !== 200) throw data({ reason: answer.status === 404 ? "notFound" : "unavailable" }, { status: answer.status === 404 ? 404 : 503 });
    return redirectWithToast(context, back, "admin:bulletins.saved");
  }
  if (step === "test") {
    const bulletin = await bulletinOf(context, staff.token, id.data);
    await context.bulletins.test(bulletin, staff.email);
    return redirectWithToast(context, back, "admin:bulletins.testSent", { values: { address: staff.email } });
  }
  if (step === "schedule" || step === "unschedule") {
    let path = `admin/bulletins/${id.data}/unschedule`;
    let payload: { sendAt: string } | undefined;
    if (step === "schedule") {
      const later = form.get("when") === "later";
      const at = later ? clinicDateTimeValue(String(form.get("at") ?? "")) : new Date().toISOString();
      if (!at || (later && Date.parse(at) <= Date.now())) return redirectWithToast(context, back, "admin:bulletins.badTime");
      path = `admin/bulletins/${id.data}/schedule`;
      payload = { sendAt: at };
    }
    const answer = await staffCall(context, () => api.send("POST", path, payload));
    if (answer.status === 409) return redirectWithToast(context, back, "admin:bulletins.notDraft");
    const scheduled = BulletinItemSchema.safeParse(answer.data);
    if (answer.status !== 200 || !scheduled.success) throw data({ reason: "unavailable" }, { status: 503 });
    // The job that sends it at its time, in the outbox every instance shares; stored once.
    if (step === "schedule") await context.bulletins.queue(scheduled.data.result);
    return redirectWithToast(context, back, step === "schedule" ? "admin:bulletins.scheduled" : "admin:bulletins.unscheduled");
  }
  if (step === "publish" || step === "withdraw") {
    const answer = await staffCall(context, () => api.send("POST", `admin/bulletins/${id.data}/${step}`));
    if (answer.status === 409) return redirectWithToast(context, back, "admin:bulletins.archive.notSent");
    if (answer.status !== 200) throw data({ reason: answer.status === 404 ? "notFound" : "unavailable" }, { status: answer.status === 404 ? 404 : 503 });
    // The archive's pages on every instance: kept ones dropped, the next visit reads the archive again.
    archiveChanged(context);
    return redirectWithToast(context, back, step === "publish" ? "admin:bulletins.archive.publishedToast" : "admin:bulletins.archive.withdrawnToast");
  }
  // A post with no step (an empty form): nothing to do.
  return redirect(back, 303);
}

export default function BulletinPage() {
  const { bulletin, counts, state, preview, canSend, versions, publicPath } = useLoaderData<typeof loader>();
  const edited = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const draft = bulletin.status === "draft";
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/bulletins">{t("bulletins.back")}</Link>
      </p>
      <h1>
        <bdi>{bulletin.title}</bdi>
      </h1>
      <dl className="admin-panel admin-fields" data-state={state}>
        <dt>{t("bulletins.columns.status")}</dt>
        <dd>{t(`bulletins.states.${state}`)}</dd>
        <dt>{t("bulletins.columns.list")}</dt>
        <dd>{t(`siteLanguages.${bulletin.list}`)}</dd>
        {bulletin.sendAt ? (
          <>
            <dt>{t("bulletins.columns.sendAt")}</dt>
            <dd>{staffDateTime(i18n.language, bulletin.sendAt)}</dd>
          </>
        ) : null}
        {bulletin.recipients === null ? null : (
          <>
            <dt>{t("bulletins.columns.recipients")}</dt>
            <dd data-figure="recipients">{number.format(bulletin.recipients)}</dd>
            <dt>{t("bulletins.columns.sent")}</dt>
            <dd data-figure="sent">{number.format(counts.sent)}</dd>
            <dt>{t("bulletins.columns.failed")}</dt>
            <dd data-figure="failed">{number.format(counts.failed)}</dd>
            {bulletin.opens ? <OpensFigure total={bulletin.opens.total} unique={bulletin.opens.unique} format={number.format} /> : null}
          </>
        )}
      </dl>
      {draft ? <DraftForm bulletin={bulletin} lastResult={edited?.result} /> : <p>{t("bulletins.locked")}</p>}
      <div className="admin-panel" aria-labelledby="bulletin-preview-title">
        <h2 id="bulletin-preview-title">{t("bulletins.preview")}</h2>
        <p>{t("bulletins.previewHint")}</p>
        <div className="admin-pre" lang={bulletin.list} dir={textDirection(bulletin.list)} data-testid="bulletin-preview">
          <p>
            <strong>
              <bdi>{bulletin.title}</bdi>
            </strong>
          </p>
          <p>{preview}</p>
        </div>
        <Form method="post" className="admin-actions">
          <AuthenticityTokenInput />
          <button type="submit" name="do" value="test" className="button">
            {t("bulletins.test")}
          </button>
        </Form>
      </div>
      {canSend && (draft || bulletin.status === "scheduled") ? <SendForm scheduled={bulletin.status === "scheduled"} /> : null}
      {canSend && bulletin.status === "sending" ? <ArchiveForm publicPath={publicPath} /> : null}
      <BulletinVersions id={bulletin.id} rows={versions.rows} total={versions.total} />
    </section>
  );
}

function DraftForm({ bulletin, lastResult }: { bulletin: Bulletin; lastResult?: SubmissionResult<string[]> }) {
  const { t, i18n } = useTranslation("admin");
  const [form, fields] = useForm({ id: "bulletin-form", lastResult, defaultValue: { list: bulletin.list, title: bulletin.title, body: bulletin.body } });
  const error = (meta: { errors?: string[]; errorId: string }) => (
    <div id={meta.errorId} className="field-error">
      {meta.errors?.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
  return (
    <Form method="post" {...getFormProps(form)} className="admin-panel" aria-labelledby="bulletin-edit-title">
      <AuthenticityTokenInput />
      <h2 id="bulletin-edit-title">{t("bulletins.edit")}</h2>
      <FormAlert errors={form.errors} />
      <BulletinFields
        list={getSelectProps(fields.list)}
        title={{ ...getInputProps(fields.title, { type: "text" }), dir: "auto" }}
        titleError={error(fields.title)}
      />
      <div className="field">
        <label id={`${fields.body.id}-label`} htmlFor={fields.body.id}>
          {t("bulletins.body")}
        </label>
        <ContentBody
          meta={fields.body as FieldMetadata<string>}
          rows={14}
          label={t("bulletins.body")}
          labelId={`${fields.body.id}-label`}
          textLang={bulletin.list}
          uiLang={i18n.language}
        />
        {error(fields.body)}
      </div>
      <div className="admin-actions">
        <button type="submit" name="do" value="save" className="button button-primary">
          {t("bulletins.save")}
        </button>
      </div>
    </Form>
  );
}

function SendForm({ scheduled }: { scheduled: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action="?intent=send" className="admin-panel" aria-labelledby="bulletin-send-title">
      <AuthenticityTokenInput />
      <h2 id="bulletin-send-title">{t("bulletins.send")}</h2>
      <p>{t("bulletins.sendHint")}</p>
      <fieldset className="admin-fieldset">
        <legend>{t("bulletins.when")}</legend>
        <div className="checkbox-row">
          <input type="radio" id="bulletin-now" name="when" value="now" defaultChecked />
          <label htmlFor="bulletin-now">{t("bulletins.now")}</label>
        </div>
        <div className="checkbox-row">
          <input type="radio" id="bulletin-later" name="when" value="later" />
          <label htmlFor="bulletin-later">{t("bulletins.later")}</label>
        </div>
        <div className="field">
          <label htmlFor="bulletin-at">{t("bulletins.at")}</label>
          <input type="datetime-local" id="bulletin-at" name="at" />
        </div>
      </fieldset>
      <div className="admin-actions">
        <button type="submit" name="do" value="schedule" className="button button-primary">
          {t("bulletins.sendButton")}
        </button>
        {scheduled ? (
          <button type="submit" name="do" value="unschedule" className="button">
            {t("bulletins.unschedule")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/** Publishing a sent issue in its language's public archive, or withdrawing it (send:bulletin, ADR 060). */
function ArchiveForm({ publicPath }: { publicPath: string | null }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action="?intent=send" className="admin-panel" aria-labelledby="bulletin-archive-title">
      <AuthenticityTokenInput />
      <h2 id="bulletin-archive-title">{t("bulletins.archive.title")}</h2>
      <p>{t("bulletins.archive.intro")}</p>
      <p data-archive={publicPath ? "published" : "no"}>
        {publicPath ? (
          <>
            {t("bulletins.archive.published")} <a href={publicPath}>{t("bulletins.archive.open")}</a>
          </>
        ) : (
          t("bulletins.archive.notPublished")
        )}
      </p>
      <div className="admin-actions">
        <button type="submit" name="do" value={publicPath ? "withdraw" : "publish"} className={publicPath ? "button" : "button button-primary"}>
          {t(publicPath ? "bulletins.archive.withdraw" : "bulletins.archive.publish")}
        </button>
      </div>
    </Form>
  );
}

export const ErrorBoundary = AdminError;
