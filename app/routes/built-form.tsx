import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormSent, useSentToast } from "~/components/form/form-sent";
import { HoneypotInputs } from "~/components/form/honeypot-inputs";
import {
  AuthenticityTokenInput,
  AuthenticityTokenProvider,
  Field,
  FieldErrors,
  FormAlert,
  getFormProps,
  getInputProps,
  getTextareaProps,
  PDF_MIME_TYPE,
  PHOTO_MIME_TYPES,
  unpackCountries,
  useForm,
  useFormFunnel,
  type FieldMetadata,
  type SubmissionResult,
} from "~/components/form/form-kit";
import { PageHeader, pageMeta } from "~/components/page-kit";
import { dialOf } from "~/lib/forms/built-form-schema";
import { formHeaders } from "~/lib/forms/headers";
import { builtFormAction, loadBuiltFormPage, type ShownFormField } from "./built-form.server";

export const meta = pageMeta;
export const headers = formHeaders;

/** A built form (ADR 065) in the page's language: plain HTML that works without JavaScript. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadBuiltFormPage(request, context, params.slug);

export const action = (args: ActionFunctionArgs) => builtFormAction(args);

type Meta = FieldMetadata<unknown>;
type Country = ReturnType<typeof unpackCountries>[number];

export default function BuiltFormPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<{ result: SubmissionResult<string[]> }>()?.result;
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, unknown>>({ id: "built-form", lastResult, shouldValidate: "onSubmit" });
  const sent = useSentToast();
  const [dismissed, setDismissed] = useState<string | null>(null);
  // The form's funnel (ADR 054), as the built-in forms report theirs: started, where the visitor stopped, a send.
  const funnel = useFormFunnel(form.allErrors, lastResult?.error ?? undefined);
  // Sent and thanked: a form filled in again behind the thanks starts afresh.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void (sent && funnel.again()), [sent?.id]);
  const formProps = getFormProps(form);
  const countries = unpackCountries(data.countries);
  const meta = (name: string) => fields[name] as Meta;
  return (
    <>
      <PageHeader title={data.title} lead={data.intro || undefined} />
      <div className="container page-body">
        <section className="form-card built-form" aria-label={data.title}>
          {sent && sent.id !== dismissed ? (
            <FormSent toast={sent} formId={form.id} onAgain={() => setDismissed(sent.id)} />
          ) : (
            <AuthenticityTokenProvider token={data.csrf}>
              <Form
                method="post"
                {...formProps}
                onSubmit={(event) => {
                  formProps.onSubmit(event);
                  funnel.sent(event.defaultPrevented);
                }}
                onInput={funnel.onInput}
                encType={data.multipart ? "multipart/form-data" : undefined}
              >
                <AuthenticityTokenInput />
                <HoneypotInputs label={t("forms.honeypot")} {...data.honeypot} />
                <FormAlert errors={form.errors} />
                {data.fields.map((field) => (
                  <BuiltField
                    key={field.key}
                    field={field}
                    meta={meta(field.key)}
                    dial={field.type === "phone" ? meta(dialOf(field.key)) : undefined}
                    countries={countries}
                  />
                ))}
                <div className="form-actions">
                  <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
                    {t("builtForm.send")}
                  </button>
                </div>
              </Form>
            </AuthenticityTokenProvider>
          )}
        </section>
      </div>
    </>
  );
}

/** One field of the form, as the field type says; labels and help are the form's own, the rest the site's. */
/** What a file input offers to pick, by the field's choice (the server types each file by its bytes). */
const ACCEPTED_TYPES = {
  photo: PHOTO_MIME_TYPES.join(","),
  pdf: `${PDF_MIME_TYPE},.pdf`,
  photoOrPdf: [...PHOTO_MIME_TYPES, PDF_MIME_TYPE, ".pdf"].join(","),
};

function BuiltField({ field, meta, dial, countries }: { field: ShownFormField; meta: Meta; dial?: Meta; countries: Country[] }) {
  const { t } = useTranslation();
  const common = { meta, label: field.label, hint: field.help || undefined, required: field.required };
  const kept = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);
  switch (field.type) {
    case "text":
    case "email":
    case "city":
      return (
        <Field {...common}>
          {(hint) => (
            <input
              {...getInputProps(meta, { type: field.type === "email" ? "email" : "text", ariaDescribedBy: hint })}
              required={field.required}
              maxLength={field.maxLength ?? undefined}
              autoComplete={field.type === "email" ? "email" : field.type === "city" ? "address-level2" : undefined}
            />
          )}
        </Field>
      );
    case "longText":
      return (
        <Field {...common}>
          {(hint) => (
            <textarea {...getTextareaProps(meta, { ariaDescribedBy: hint })} required={field.required} maxLength={field.maxLength ?? undefined} rows={5} />
          )}
        </Field>
      );
    case "date":
      return (
        <Field {...common}>
          {(hint) => (
            <input
              {...getInputProps(meta, { type: "date", ariaDescribedBy: hint })}
              required={field.required}
              min={field.minDate ?? undefined}
              max={field.maxDate ?? undefined}
            />
          )}
        </Field>
      );
    case "phone":
      return (
        <div className="built-form-phone">
          <div className="field">
            <label htmlFor={dial!.id}>{`${field.label} – ${t("builtForm.dialCode")}`}</label>
            <select id={dial!.id} name={dial!.name} defaultValue={String(dial!.initialValue ?? "TR")} autoComplete="tel-country-code">
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {`${country.name} (+${country.dialCode})`}
                </option>
              ))}
            </select>
          </div>
          <Field {...common}>
            {(hint) => <input {...getInputProps(meta, { type: "tel", ariaDescribedBy: hint })} required={field.required} autoComplete="tel-national" />}
          </Field>
        </div>
      );
    case "country":
      return (
        <Field {...common}>
          {(hint) => (
            <select
              id={meta.id}
              name={meta.name}
              defaultValue={String(meta.initialValue ?? "")}
              required={field.required}
              aria-invalid={meta.errors ? true : undefined}
              aria-describedby={[hint, meta.errors ? meta.errorId : null].filter(Boolean).join(" ") || undefined}
              autoComplete="country"
            >
              <option value="">{t("builtForm.choose")}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    case "choice":
    case "multiChoice": {
      const chosen = kept(meta.initialValue);
      const hintId = field.help ? meta.descriptionId : undefined;
      return (
        <fieldset className="field built-form-choices" aria-describedby={[hintId, meta.errors ? meta.errorId : null].filter(Boolean).join(" ") || undefined}>
          <legend>
            {field.label}
            {field.required ? null : <span className="optional"> {t("forms.optional")}</span>}
          </legend>
          {field.help ? (
            <p id={hintId} className="field-hint">
              {field.help}
            </p>
          ) : null}
          {field.choices.map((choice) => (
            <div key={choice.id} className="checkbox-row">
              <input
                id={`${meta.id}-${choice.id}`}
                type={field.type === "choice" ? "radio" : "checkbox"}
                name={meta.name}
                value={choice.id}
                defaultChecked={chosen.includes(choice.id)}
                aria-invalid={meta.errors ? true : undefined}
              />
              <label htmlFor={`${meta.id}-${choice.id}`}>{choice.label}</label>
            </div>
          ))}
          <FieldErrors meta={meta} />
        </fieldset>
      );
    }
    case "consent":
      return (
        <Field {...common} checkbox>
          {(hint) => <input {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: hint })} required={field.required} />}
        </Field>
      );
    case "file":
      return (
        <Field {...common}>
          {(hint) => (
            <input
              {...getInputProps(meta, { type: "file", ariaDescribedBy: hint })}
              required={field.required}
              accept={ACCEPTED_TYPES[field.accept ?? "photo"]}
            />
          )}
        </Field>
      );
  }
}
