import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { parseSettingsForm, SettingsFormSchema } from "~/lib/admin/settings-form";
import { LANGUAGE_CODES, type Settings } from "~/lib/platform/api/contract";
import { getZodConstraint } from "@conform-to/zod";
import {
  AuthenticityTokenInput,
  Field,
  type FieldMetadata,
  FormAlert,
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "~/components/form/form-kit";

const NETWORKS = ["facebook", "instagram", "youtube", "linkedin"] as const;
const NETWORK_NAMES = { facebook: "Facebook", instagram: "Instagram", youtube: "YouTube", linkedin: "LinkedIn" } as const;

/** The owner's form: every setting at once (PUT replaces them whole). */
export function SettingsForm({ settings, lastResult }: { settings: Settings; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: settings,
    constraint: getZodConstraint(SettingsFormSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseSettingsForm(formData),
  });
  const whatsapp = fields.whatsapp.getFieldset();
  const social = fields.social.getFieldset();
  // Each group's format hint sits under its legend, so the fields of a row line up; the inputs name it.
  const text = (meta: FieldMetadata<string | undefined>, label: string, type: "tel" | "email" | "url", hintId?: string, required = true) => (
    <Field meta={meta as FieldMetadata<unknown>} label={label} required={required}>
      {() => <input {...getInputProps(meta, { type, ariaDescribedBy: hintId })} dir="ltr" />}
    </Field>
  );
  const hint = (name: string) => `${form.id}-${name}-hint`;
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <AuthenticityTokenInput />
      <FormAlert errors={form.errors} />
      <fieldset className="admin-panel admin-fieldset">
        <legend>{t("settings.contact")}</legend>
        <p id={hint("phone")} className="field-hint">
          {t("settings.phoneHint")}
        </p>
        <div className="admin-form-grid">
          {text(fields.phone, t("settings.phone"), "tel", hint("phone"))}
          {text(fields.email, t("settings.email"), "email")}
        </div>
        <Field meta={fields.address} label={t("settings.address")} required>
          {() => <textarea {...getTextareaProps(fields.address)} rows={2} />}
        </Field>
      </fieldset>
      <fieldset className="admin-panel admin-fieldset">
        <legend>{t("settings.whatsapp")}</legend>
        <p id={hint("whatsapp")} className="field-hint">
          {t("settings.whatsappHint")}
        </p>
        <div className="admin-form-grid">
          {LANGUAGE_CODES.map((lang) => (
            <div key={lang}>{text(whatsapp[lang], t(`siteLanguages.${lang}`), "tel", hint("whatsapp"))}</div>
          ))}
        </div>
      </fieldset>
      <fieldset className="admin-panel admin-fieldset">
        <legend>{t("settings.links")}</legend>
        <p id={hint("links")} className="field-hint">
          {t("settings.urlHint")}
        </p>
        {text(fields.portalUrl, t("settings.portalUrl"), "url", hint("links"))}
        <div className="admin-form-grid admin-form-grid-wide">
          {NETWORKS.map((network) => (
            <div key={network}>{text(social[network], NETWORK_NAMES[network], "url", hint("links"), false)}</div>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button-primary" disabled={submitting}>
        {submitting ? t("settings.saving") : t("settings.save")}
      </button>
    </Form>
  );
}

/** What a reader without write:settings sees: the same values, nothing to edit. */
export function SettingsView({ settings }: { settings: Settings }) {
  const { t } = useTranslation("admin");
  const rows: [string, string][] = [
    [t("settings.phone"), settings.phone],
    [t("settings.email"), settings.email],
    [t("settings.address"), settings.address],
    ...LANGUAGE_CODES.map((lang): [string, string] => [`${t("settings.whatsapp")}: ${t(`siteLanguages.${lang}`)}`, settings.whatsapp[lang]]),
    [t("settings.portalUrl"), settings.portalUrl],
    ...NETWORKS.map((network): [string, string] => [NETWORK_NAMES[network], settings.social[network] || t("settings.none")]),
  ];
  return (
    <div className="admin-panel">
      <dl className="admin-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
