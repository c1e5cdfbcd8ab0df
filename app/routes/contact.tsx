import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formHeaders } from "~/lib/forms/headers";
import { toE164 } from "~/lib/forms/phone";
import { getCountries, leadAction, leadBase, loadFormPage, localDialCodes, sharedPageRoute } from "./contact.server";
import { pageMeta } from "~/components/page-kit";
import {
  EmailInput,
  Field,
  FormPageLayout,
  getInputProps,
  getTextareaProps,
  packCountries,
  PhoneFields,
  ProtectedForm,
  unpackCountries,
  useLeadForm,
} from "~/components/form/form-kit";

export const meta = pageMeta;

export const headers = formHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const route = sharedPageRoute(request);
  return loadFormPage(request, context, route, "contact", async (lang) => ({
    formTitle: `forms.${formTypeOf(route.page.name)}.title`,
    // The API's list; its own when the API is down, so the page still takes messages.
    countries: packCountries(await getCountries(context, lang).catch(() => localDialCodes(lang))),
  }));
}

/** The feedback page (treated patients) uses this form too; the provider tells them apart by formType. */
const formTypeOf = (pageName: string) => (pageName === "feedback" ? "feedback" : "contact");

export async function action(args: ActionFunctionArgs) {
  return leadAction(
    { ...args, route: sharedPageRoute(args.request) },
    "contact",
    ({ privacyConsent: _consent, phone, phoneCountry, ...fields }, { page, lang }) => ({
      kind: "contactForm",
      payload: {
        ...leadBase(lang),
        ...fields,
        formType: formTypeOf(page.name),
        source: "website",
        phone: phone ? toE164(phone, phoneCountry) : undefined,
        // The schema only lets a ticked box through.
        privacyConsent: true as const,
      },
    }),
    ({ page }) => `${formTypeOf(page.name)}Sent`,
  );
}

export default function ContactPage() {
  const { title, align, content, formTitle, countries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { form, fields, protection } = useLeadForm("contact");
  return (
    <FormPageLayout title={title} align={align} content={content} formId={form.id} formTitle={t(formTitle)}>
      <ProtectedForm {...protection}>
        <Field meta={fields.name} label={t("forms.name")} required>
          {(hintId) => <input {...getInputProps(fields.name, { type: "text", ariaDescribedBy: hintId })} autoComplete="name" />}
        </Field>
        <Field meta={fields.email} label={t("forms.email")} required>
          {(hintId) => <EmailInput meta={fields.email} hint={hintId} />}
        </Field>
        <PhoneFields countries={unpackCountries(countries)} phoneCountry={fields.phoneCountry} phone={fields.phone} required={false} />
        <Field meta={fields.subject} label={t("forms.subject")}>
          {(hintId) => <input {...getInputProps(fields.subject, { type: "text", ariaDescribedBy: hintId })} />}
        </Field>
        <Field meta={fields.message} label={t("forms.message")} required>
          {(hintId) => <textarea {...getTextareaProps(fields.message, { ariaDescribedBy: hintId })} rows={6} />}
        </Field>
        <Field meta={fields.privacyConsent} label={t("forms.privacyConsent")} hint={t("forms.analyticsLink")} required checkbox>
          {(hintId) => <input {...getInputProps(fields.privacyConsent, { type: "checkbox", ariaDescribedBy: hintId })} />}
        </Field>
      </ProtectedForm>
    </FormPageLayout>
  );
}
