import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { parseWithZod, getZodConstraint } from "@conform-to/zod";
import { AdminError } from "~/components/admin/admin-error";
import { NotificationLinks } from "~/components/admin/notification-links";
import { SitePath } from "~/components/admin/site-path";
import { AuthenticityTokenInput, Field, FormAlert, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "~/components/form/form-kit";
import { messagesOf, SendNotificationSchema } from "~/lib/admin/notification-forms";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import { DEFAULT_PUSH_SOURCE, PUSH_SOURCES, PushNotificationItemSchema } from "~/lib/platform/api/push-contract";
import { adminTitle, data, redirectWithToast, requirePage, requirePost, staffCall, unexpectedAnswer } from "./notifications-send.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePage(request, context, "notifications-send");
  return { title: await adminTitle(request, "notifications.sendTitle") };
}

/**
 * Two steps without JavaScript: "preview" shows each language's message and how many browsers it
 * would reach, with a confirm button carrying the same fields; "send" records it at the API and
 * queues its fan-out in the outbox (ADR 058).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "notifications-send");
  const submission = parseWithZod(form, { schema: SendNotificationSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), preview: null }, { status: 400 });
  const { intent, source } = submission.value;
  const messages = messagesOf(submission.value);
  const api = context.staffApi.as(staff.token);
  if (intent === "preview") {
    const languages = Object.keys(messages).join(",");
    const { result } = await staffCall(context, () => api.get("pushAudience", { query: { source, languages } }));
    return { result: submission.reply(), preview: { source, messages, count: result.count } };
  }
  const path = "admin/push/notifications";
  const answer = await staffCall(context, () => api.send("POST", path, { source, messages }));
  const created = PushNotificationItemSchema.safeParse(answer.data);
  if (answer.status !== 201 || !created.success) unexpectedAnswer(context, path, answer);
  await context.push.enqueue(created.data.result);
  return redirectWithToast(context, "/admin/notifications", "admin:notifications.queued");
}

export default function SendNotification() {
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "send-notification",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SendNotificationSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SendNotificationSchema }),
    defaultValue: { source: String(DEFAULT_PUSH_SOURCE) },
  });
  const languages = fields.messages.getFieldset();
  const preview = actionData?.preview ?? null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="admin-page">
      <h1>{t("notifications.sendTitle")}</h1>
      <NotificationLinks />
      <p>{t("notifications.sendIntro")}</p>
      {preview ? (
        <div className="admin-panel" data-preview>
          <h2>{t("notifications.previewTitle")}</h2>
          {Object.entries(preview.messages).map(([lang, message]) => (
            <figure key={lang} className="admin-push-preview" lang={lang} dir={lang === "ar" ? "rtl" : "ltr"}>
              <figcaption lang={i18n.language} dir="auto">
                {t(`siteLanguages.${lang}`)}
              </figcaption>
              <p>
                <strong>{message.title}</strong>
              </p>
              <p>{message.body}</p>
              <p>
                <SitePath path={message.link} />
              </p>
            </figure>
          ))}
          <p data-recipients={preview.count}>{t("notifications.recipients", { count: preview.count, formatted: number.format(preview.count) })}</p>
          <Form method="post" className="admin-form">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="source" value={preview.source} />
            {Object.entries(preview.messages).flatMap(([lang, message]) =>
              (["title", "body", "link"] as const).map((key) => (
                <input key={`${lang}-${key}`} type="hidden" name={`messages.${lang}.${key}`} value={message[key]} />
              )),
            )}
            <button type="submit" className="button button-primary" disabled={preview.count === 0}>
              {t("notifications.confirm", { count: preview.count, formatted: number.format(preview.count) })}
            </button>
          </Form>
        </div>
      ) : null}
      <div className="admin-panel">
        <h2>{t("notifications.writeTitle")}</h2>
        <Form method="post" {...getFormProps(form)} noValidate className="admin-form">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="preview" />
          <FormAlert errors={form.errors} />
          <Field meta={fields.source} label={t("notifications.source")} hint={t("notifications.sourceHint")} required>
            {(hintId) => (
              <select {...getSelectProps(fields.source, { ariaDescribedBy: hintId })}>
                {PUSH_SOURCES.map((source) => (
                  <option key={source.id} value={source.id}>
                    {t(`notifications.sourceNames.${source.name}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <p>{t("notifications.languagesHint")}</p>
          {LANGUAGE_CODES.map((lang) => {
            const message = languages[lang].getFieldset();
            return (
              <fieldset key={lang} className="admin-fieldset" data-language={lang}>
                <legend>{t(`siteLanguages.${lang}`)}</legend>
                <Field meta={message.title} label={t("notifications.title")}>
                  {(hintId) => <input {...getInputProps(message.title, { type: "text", ariaDescribedBy: hintId })} lang={lang} dir="auto" maxLength={80} />}
                </Field>
                <Field meta={message.body} label={t("notifications.text")}>
                  {(hintId) => <textarea {...getTextareaProps(message.body, { ariaDescribedBy: hintId })} lang={lang} dir="auto" maxLength={200} rows={3} />}
                </Field>
                <Field
                  meta={message.link}
                  label={t("notifications.link")}
                  hint={t("notifications.linkHint", { example: lang === "en" ? "/deals" : `/${lang}/…` })}
                >
                  {(hintId) => <input {...getInputProps(message.link, { type: "text", ariaDescribedBy: hintId })} dir="ltr" maxLength={300} />}
                </Field>
              </fieldset>
            );
          })}
          <button type="submit" className="button button-primary">
            {t("notifications.preview")}
          </button>
        </Form>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
