import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentSections } from "~/components/content-sections";
import { Field } from "~/components/form/field";
import { ProtectedForm } from "~/components/form/protected-form";
import { PageHeader } from "~/components/page-header";
import { PROJECT_ID, DEFAULT_NOTIFICATION_SOURCE_ID } from "~/lib/api/contract";
import { loadFormPage } from "~/lib/forms/form-page.server";
import { checkProtection } from "~/lib/forms/protection.server";
import { formHeaders } from "~/lib/forms/headers";
import { ContactSchema } from "~/lib/forms/schemas";
import { setToast } from "~/lib/forms/toast.server";
import { pageMeta } from "~/lib/meta";
import { getOutbox } from "~/lib/outbox/index.server";
import { requireRoute } from "~/lib/page.server";

export const meta = pageMeta;
export const headers = formHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadFormPage(request, async () => ({ formTitle: requireRoute(request).page.name === "feedback" ? "forms.feedback.title" : "forms.contact.title" }));
}

export async function action({ request }: ActionFunctionArgs) {
  const { page, lang } = requireRoute(request);
  // The feedback page (treated patients) uses this form too; the provider tells them apart by formType.
  const formType = page.name === "feedback" ? "feedback" : "contact";
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactSchema });
  const rejection = await checkProtection(formData, request);
  // Refused or invalid: the form comes back with its errors and everything the visitor typed.
  if (rejection) return json(submission.reply({ formErrors: [rejection] }), { status: rejection === "csrf" ? 403 : 400 });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { privacyConsent: _consent, ...fields } = submission.value;
  getOutbox().enqueue(lang, {
    kind: "contactForm",
    payload: {
      ...fields,
      projectId: PROJECT_ID,
      notificationSourceId: DEFAULT_NOTIFICATION_SOURCE_ID,
      languageCode: lang,
      formType,
      source: "website",
      phone: fields.phone?.replace(/[^+\d]/g, ""),
      // The schema only lets a ticked box through.
      privacyConsent: true as const,
    },
  });
  return redirect(new URL(request.url).pathname, { status: 303, headers: { "Set-Cookie": await setToast(`${formType}Sent`) } });
}

export default function ContactPage() {
  const { title, align, content, csrf: csrfToken, honeypot: honeypotProps, formTitle } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult,
    constraint: getZodConstraint(ContactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  return (
    <>
      <PageHeader title={title} lead={content.lead} align={align} />
      <div className="container page-body form-layout">
        <article className="prose">
          <ContentSections sections={content.sections} />
        </article>
        <section className="form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t(formTitle)}</h2>
          <ProtectedForm form={form} csrf={csrfToken} honeypot={honeypotProps}>
              <Field meta={fields.name} label={t("forms.name")} required>
                {(hintId) => <input {...getInputProps(fields.name, { type: "text", ariaDescribedBy: hintId })} autoComplete="name" />}
              </Field>
              <Field meta={fields.email} label={t("forms.email")} required>
                {(hintId) => <input {...getInputProps(fields.email, { type: "email", ariaDescribedBy: hintId })} autoComplete="email" />}
              </Field>
              <Field meta={fields.phone} label={t("forms.phone")} hint={t("forms.phoneHint")}>
                {(hintId) => <input {...getInputProps(fields.phone, { type: "tel", ariaDescribedBy: hintId })} autoComplete="tel" dir="ltr" />}
              </Field>
              <Field meta={fields.subject} label={t("forms.subject")}>
                {(hintId) => <input {...getInputProps(fields.subject, { type: "text", ariaDescribedBy: hintId })} />}
              </Field>
              <Field meta={fields.message} label={t("forms.message")} required>
                {(hintId) => <textarea {...getTextareaProps(fields.message, { ariaDescribedBy: hintId })} rows={6} />}
              </Field>
              <Field meta={fields.privacyConsent} label={t("forms.privacyConsent")} required checkbox>
                {(hintId) => <input {...getInputProps(fields.privacyConsent, { type: "checkbox", ariaDescribedBy: hintId })} />}
              </Field>
          </ProtectedForm>
        </section>
      </div>
    </>
  );
}
