import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AuthenticityTokenInput, Field, FormAlert, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "~/components/form/form-kit";
import { HandLeadSchema } from "~/lib/admin/hand-lead-form";
import { HAND_SOURCES, StaffLanguageSchema } from "~/lib/platform/api/admin-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import { adminTitle, data, getCountries, getTreatmentOptions, i18next, redirectWithToast, requirePage, requirePost, sendLeadChange } from "./leads-new.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePage(request, context, "leads-new");
  const lang = StaffLanguageSchema.catch("en").parse(await i18next.getLocale(request));
  // The lists come from the content cache; when the API cannot answer, the lead is entered without them.
  const [countries, treatments] = await Promise.all([getCountries(context, lang).catch(() => []), getTreatmentOptions(context, lang).catch(() => [])]);
  return {
    countries: countries.map((c) => ({ code: c.code, name: c.name })),
    treatments,
    entryKey: crypto.randomUUID(),
    title: await adminTitle(request, "pipeline.new.title"),
  };
}

/** Staff writing to the API (not the public form's outbox): the lead is in the inbox at once, marked as entered by them. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "leads-new");
  const submission = parseWithZod(form, { schema: HandLeadSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { entryKey, ...lead } = submission.value;
  const answer = await sendLeadChange(context, staff, "POST", "admin/leads", lead, { idempotencyKey: entryKey });
  if (answer.status !== 201 && answer.status !== 200) return data(submission.reply({ formErrors: ["admin:leads.errors.refused"] }), { status: 409 });
  const id = (answer.data as { result: { id: number } }).result.id;
  return redirectWithToast(context, `/admin/leads/${id}`, "admin:pipeline.new.created");
}

export default function NewLead() {
  const { countries, treatments, entryKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(HandLeadSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HandLeadSchema }),
    defaultValue: { source: "phone", formType: "offer", languageCode: "en" },
  });
  const options = (values: readonly string[], label: (value: string) => string) =>
    values.map((value) => (
      <option key={value} value={value}>
        {label(value)}
      </option>
    ));
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/leads">{t("leads.back")}</Link>
      </p>
      <h1>{t("pipeline.new.title")}</h1>
      <p>{t("pipeline.new.intro")}</p>
      <div className="admin-panel">
        <Form method="post" {...getFormProps(form)} noValidate className="admin-form">
          <AuthenticityTokenInput />
          {/* The key the form was sent with while it comes back with errors, so sending it again is still one lead. */}
          <input type="hidden" name="entryKey" value={typeof lastResult?.initialValue?.entryKey === "string" ? lastResult.initialValue.entryKey : entryKey} />
          <FormAlert errors={form.errors} />
          <Field meta={fields.source} label={t("pipeline.new.source")} required>
            {() => <select {...getSelectProps(fields.source)}>{options(HAND_SOURCES, (s) => t(`leads.sources.${s}`))}</select>}
          </Field>
          <Field meta={fields.formType} label={t("pipeline.new.formType")} required>
            {() => <select {...getSelectProps(fields.formType)}>{options(["offer", "contact"], (k) => t(`kinds.${k}`))}</select>}
          </Field>
          <Field meta={fields.name} label={t("pipeline.new.name")} required>
            {() => <input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" dir="auto" />}
          </Field>
          <Field meta={fields.email} label={t("pipeline.new.email")}>
            {() => <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />}
          </Field>
          <Field meta={fields.phone} label={t("pipeline.new.phone")}>
            {() => <input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="off" />}
          </Field>
          <Field meta={fields.languageCode} label={t("pipeline.new.language")} required>
            {() => <select {...getSelectProps(fields.languageCode)}>{options(LANGUAGE_CODES, (l) => t(`siteLanguages.${l}`))}</select>}
          </Field>
          <Field meta={fields.countryCode} label={t("pipeline.new.country")}>
            {() => (
              <select {...getSelectProps(fields.countryCode)}>
                <option value="">{t("pipeline.new.none")}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field meta={fields.treatmentId} label={t("pipeline.new.treatment")}>
            {() => (
              <select {...getSelectProps(fields.treatmentId)}>
                <option value="">{t("pipeline.new.none")}</option>
                {treatments.map((tr) => (
                  <option key={tr.id} value={tr.id}>
                    {tr.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field meta={fields.message} label={t("pipeline.new.message")}>
            {() => <textarea {...getTextareaProps(fields.message)} rows={5} dir="auto" />}
          </Field>
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {t("pipeline.new.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
