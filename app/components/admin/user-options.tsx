import { useTranslation } from "react-i18next";
import { ROLES, STAFF_LANGUAGES } from "~/lib/platform/api/admin-contract";
import { Field, type FieldMetadata, getInputProps, getSelectProps } from "~/components/form/form-kit";

/** The roles, in words, for a user form's role select. */
export function RoleOptions() {
  const { t } = useTranslation("admin");
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {t(`roles.${role}`)}
    </option>
  ));
}

/** The back office's languages, each in its own words, for a user form's language select. */
export function LanguageOptions() {
  const { t } = useTranslation("admin");
  return STAFF_LANGUAGES.map((lng) => (
    <option key={lng} value={lng} lang={lng}>
      {t(`languages.${lng}`)}
    </option>
  ));
}

/** Name, role and language: the fields the new-user form and a user's profile form share. */
export function ProfileFields({ fields }: { fields: { name: FieldMetadata<string>; role: FieldMetadata<string>; language: FieldMetadata<string> } }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <Field meta={fields.name} label={t("users.name")} required>
        {() => <input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" dir="auto" />}
      </Field>
      <Field meta={fields.role} label={t("users.role")} hint={t("users.roleHint")} required>
        {(hintId) => (
          <select {...getSelectProps(fields.role, { ariaDescribedBy: hintId })}>
            <RoleOptions />
          </select>
        )}
      </Field>
      <Field meta={fields.language} label={t("users.language")} required>
        {() => (
          <select {...getSelectProps(fields.language)}>
            <LanguageOptions />
          </select>
        )}
      </Field>
    </>
  );
}
