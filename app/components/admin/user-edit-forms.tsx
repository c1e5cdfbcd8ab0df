import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProfileFields } from "~/components/admin/user-options";
import { NewPasswordSchema, ProfileSchema } from "~/lib/admin/user-forms";
import type { Role, StaffLanguage } from "~/lib/platform/api/admin-contract";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  AuthenticityTokenInput,
  Field,
  FormAlert,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "~/components/form/form-kit";

type Edited = { name: string; role: Role; language: StaffLanguage; notificationAdmin: boolean; disabled: boolean };

/** Name, role, language and access of a staff member (the user page's first form). */
export function ProfileForm({
  user,
  isSelf,
  colleagues,
  lastResult,
}: {
  user: Edited;
  isSelf: boolean;
  /** Who may take over this person's leads when they are disabled (enabled colleagues who work on leads). */
  colleagues: { id: number; name: string }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    constraint: getZodConstraint(ProfileSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    defaultValue: {
      name: user.name,
      role: user.role,
      language: user.language,
      notificationAdmin: user.notificationAdmin ? "on" : undefined,
      disabled: user.disabled ? "on" : undefined,
    },
  });
  return (
    <div className="admin-panel">
      <h2>{t("users.profileTitle")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate className="admin-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="profile" />
        <FormAlert errors={form.errors} />
        <ProfileFields fields={fields} />
        <Field meta={fields.notificationAdmin} label={t("users.notificationAdmin")} hint={t("users.notificationAdminHint")} checkbox>
          {(hintId) => <input {...getInputProps(fields.notificationAdmin, { type: "checkbox", ariaDescribedBy: hintId })} />}
        </Field>
        <Field meta={fields.disabled} label={t("users.disable")} hint={t(isSelf ? "users.disableSelfHint" : "users.disableHint")} checkbox>
          {(hintId) => <input {...getInputProps(fields.disabled, { type: "checkbox", ariaDescribedBy: hintId })} />}
        </Field>
        {!user.disabled && colleagues.length > 0 ? (
          <Field meta={fields.handOverTo} label={t("users.handOverTo")} hint={t("users.handOverHint")}>
            {(hintId) => (
              <select {...getSelectProps(fields.handOverTo, { ariaDescribedBy: hintId })}>
                <option value="">{t("users.handOverNobody")}</option>
                {colleagues.map((colleague) => (
                  <option key={colleague.id} value={colleague.id} dir="auto">
                    {colleague.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <button type="submit" className="button button-primary">
          {t("users.save")}
        </button>
      </Form>
    </div>
  );
}

/** A new password for a staff member, which ends their sessions (the user page's second form). */
export function PasswordForm({ isSelf, lastResult }: { isSelf: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    constraint: getZodConstraint(NewPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
  });
  return (
    <div className="admin-panel">
      <h2>{t("users.passwordTitle")}</h2>
      <p>{t(isSelf ? "users.passwordEndsOwnSessions" : "users.passwordEndsSessions")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="admin-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="password" />
        <Field meta={fields.password} label={t("users.newPassword")} hint={t("users.passwordHint")} required>
          {(hintId) => <input {...getInputProps(fields.password, { type: "password", ariaDescribedBy: hintId })} autoComplete="new-password" />}
        </Field>
        <button type="submit" className="button button-primary">
          {t("users.setPassword")}
        </button>
      </Form>
    </div>
  );
}
