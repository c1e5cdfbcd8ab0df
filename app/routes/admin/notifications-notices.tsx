import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { parseWithZod, getZodConstraint } from "@conform-to/zod";
import { AdminError } from "~/components/admin/admin-error";
import { NotificationLinks } from "~/components/admin/notification-links";
import { SitePath } from "~/components/admin/site-path";
import {
  AuthenticityTokenInput,
  Field,
  FormAlert,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "~/components/form/form-kit";
import { contentPath } from "~/lib/admin/content-kinds";
import { NoticeDecisionSchema } from "~/lib/admin/notification-forms";
import { staffDateTime } from "~/lib/admin/staff-time";
import { PushNoticeApprovedSchema, PushNoticeRejectedSchema, type PushNotice } from "~/lib/platform/api/push-contract";
import { adminTitle, data, redirectWithToast, requirePage, requirePost, staffCall, unexpectedAnswer } from "./notifications-notices.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const PAGE = "/admin/notifications/notices";

/** The "new discovery" notices editors asked for by publishing with "notify subscribers", oldest first (ADR 059). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "notifications-notices");
  const { result } = await staffCall(context, () => context.staffApi.as(staff.token).get("pushNotices"));
  return { notices: result.data, title: await adminTitle(request, "notifications.notices.title") };
}

/**
 * Approve: the API turns the notice into a notification of source 3 in its language and answers it
 * (the same one again when it was approved before), and its fan-out is queued under the outbox's
 * idempotent id, so a second approve, or a retry after a lost answer, queues nothing twice.
 * Reject: the notice is closed. A notice someone else decided meanwhile is said, not an error.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "notifications-notices");
  const submission = parseWithZod(form, { schema: NoticeDecisionSchema });
  const noticeId = Number(form.get("id")) || null;
  if (submission.status !== "success") return data({ noticeId, result: submission.reply() }, { status: 400 });
  const { id, intent, title, body } = submission.value;
  const api = context.staffApi.as(staff.token);
  const path = `admin/push/notices/${id}/${intent}`;
  const answer = await staffCall(context, () => api.send("POST", path, intent === "approve" ? { title, body } : undefined));
  if (answer.status === 404 || answer.status === 409) return redirectWithToast(context, PAGE, "admin:notifications.notices.decided");
  if (intent === "reject") {
    if (answer.status !== 200 || !PushNoticeRejectedSchema.safeParse(answer.data).success) unexpectedAnswer(context, path, answer);
    return redirectWithToast(context, PAGE, "admin:notifications.notices.rejected");
  }
  const approved = PushNoticeApprovedSchema.safeParse(answer.data);
  if (answer.status !== 200 || !approved.success) unexpectedAnswer(context, path, answer);
  await context.push.enqueue(approved.data.result.notification);
  return redirectWithToast(context, PAGE, "admin:notifications.notices.approved");
}

export default function NotificationNotices() {
  const { notices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("notifications.notices.title")}</h1>
      <NotificationLinks />
      <p>{t("notifications.notices.intro")}</p>
      {notices.length === 0 ? (
        <p>{t("notifications.notices.none")}</p>
      ) : (
        notices.map((notice) => <NoticeForm key={notice.id} notice={notice} lastResult={actionData?.noticeId === notice.id ? actionData.result : undefined} />)
      )}
    </section>
  );
}

/** One pending notice: who asked, for which item and language, its message to edit, and its two buttons. */
function NoticeForm({ notice, lastResult }: { notice: PushNotice; lastResult?: SubmissionResult<string[]> }) {
  const { t, i18n } = useTranslation("admin");
  const [form, fields] = useForm({
    id: `notice-${notice.id}`,
    lastResult,
    constraint: getZodConstraint(NoticeDecisionSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NoticeDecisionSchema }),
    defaultValue: { id: String(notice.id), title: notice.message.title, body: notice.message.body },
  });
  const number = new Intl.NumberFormat(i18n.language);
  const headingId = `notice-${notice.id}-heading`;
  return (
    <article className="admin-panel" data-notice={notice.id} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t(`content.kind.${notice.kind}`)} · {t(`siteLanguages.${notice.language}`)}
      </h2>
      <p>
        {t("notifications.notices.asked", { name: notice.requestedBy ?? "—", date: staffDateTime(i18n.language, notice.createdAt) })} ·{" "}
        <Link to={contentPath(notice.kind, notice.itemId)}>{t("notifications.notices.item")}</Link>
      </p>
      <p data-recipients={notice.recipients}>{t("notifications.recipients", { count: notice.recipients, formatted: number.format(notice.recipients) })}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="admin-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="id" value={notice.id} />
        <FormAlert errors={form.errors} />
        <Field meta={fields.title} label={t("notifications.title")} required>
          {(hintId) => <input {...getInputProps(fields.title, { type: "text", ariaDescribedBy: hintId })} lang={notice.language} dir="auto" maxLength={80} />}
        </Field>
        <Field meta={fields.body} label={t("notifications.text")} required>
          {(hintId) => <textarea {...getTextareaProps(fields.body, { ariaDescribedBy: hintId })} lang={notice.language} dir="auto" maxLength={200} rows={3} />}
        </Field>
        <p>
          {t("notifications.link")}: <SitePath path={notice.message.link} />
        </p>
        <div className="admin-actions">
          <button type="submit" name="intent" value="approve" className="button button-primary">
            {t("notifications.notices.approve", { count: notice.recipients, formatted: number.format(notice.recipients) })}
          </button>
          <button type="submit" name="intent" value="reject" className="button button-secondary" formNoValidate>
            {t("notifications.notices.reject")}
          </button>
        </div>
      </Form>
    </article>
  );
}

export const ErrorBoundary = AdminError;
