import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProfileFields } from "~/components/admin/user-options";
import { NewUserSchema } from "~/lib/admin/user-forms";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { AuthenticityTokenInput, Field, getFormProps, getInputProps, type SubmissionResult, useForm } from "~/components/form/form-kit";

/** The users page's form for a new staff member, with their initial password. */
export function NewUserForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(NewUserSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewUserSchema }),
    defaultValue: { role: "coordinator", language: "tr" },
  });
  return (
    <div className="admin-panel">
      <h2 id="new-user">{t("users.newTitle")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate className="admin-form">
        <AuthenticityTokenInput />
        <Field meta={fields.email} label={t("users.email")} required>
          {() => <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />}
        </Field>
        <ProfileFields fields={fields} />
        <Field meta={fields.password} label={t("users.initialPassword")} hint={t("users.passwordHint")} required>
          {(hintId) => <input {...getInputProps(fields.password, { type: "password", ariaDescribedBy: hintId })} autoComplete="new-password" />}
        </Field>
        <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("users.create")}
        </button>
      </Form>
    </div>
  );
}
