import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/form/field";
import { FormPageLayout } from "~/components/form/form-page-layout";
import { ProtectedForm } from "~/components/form/protected-form";
import { loadFormPage } from "~/lib/forms/form-page.server";
import { leadAction, leadBase } from "~/lib/forms/lead-action.server";
import { formHeaders } from "~/lib/forms/headers";
import { toE164 } from "~/lib/forms/phone";
import { ContactSchema, parseForm } from "~/lib/forms/schemas";
import { pageMeta } from "~/lib/meta";
import { sharedPageRoute } from "~/lib/page.server";

export const meta = pageMeta;
export const headers = formHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const route = sharedPageRoute(request);
  return loadFormPage(request, route, async () => ({ formTitle: `forms.${formTypeOf(route.page.name)}.title` }));
}

/** The feedback page (treated patients) uses this form too; the provider tells them apart by formType. */
const formTypeOf = (pageName: string) => (pageName === "feedback" ? "feedback" : "contact");

export async function action(args: ActionFunctionArgs) {
  return leadAction({ ...args, route: sharedPageRoute(args.request) }, ContactSchema, ({ privacyConsent: _consent, phone, ...fields }, { page, lang }) => ({
    kind: "contactForm",
    payload: {
      ...leadBase(lang),
      ...fields,
      formType: formTypeOf(page.name),
      source: "website",
      phone: phone ? toE164(phone) : undefined,
      // The schema only lets a ticked box through.
      privacyConsent: true as const,
    },
  }), ({ page }) => `${formTypeOf(page.name)}Sent`);
}

export default function ContactPage() {
  const { title, align, content, csrf: csrfToken, honeypot: honeypotProps, formTitle } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult,
    constraint: getZodConstraint(ContactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, ContactSchema),
  });
  return (
    <FormPageLayout title={title} align={align} content={content} formId="contact-form" formTitle={t(formTitle)}>
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
    </FormPageLayout>
  );
}
