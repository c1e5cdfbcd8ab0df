import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput, Field, FormAlert, getFormProps, getInputProps, type SubmissionResult, useForm } from "~/components/form/form-kit";

/**
 * Deleting an item: its texts and public pages go (its versions stay, for the audit trail). The
 * box is the confirmation, so it works the same without JavaScript; the action checks it again.
 */
export function ContentDelete({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "content-delete", lastResult });
  return (
    <div className="admin-panel admin-danger-zone">
      <h2>{t("content.delete.title")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="delete" />
        <FormAlert errors={form.errors} />
        <p>{t("content.delete.text")}</p>
        <Field meta={fields.confirm} label={t("content.delete.confirm")} checkbox>
          {() => <input {...getInputProps(fields.confirm, { type: "checkbox" })} />}
        </Field>
        <button type="submit" className="button button-danger" disabled={navigation.state === "submitting"}>
          {t("content.delete.submit")}
        </button>
      </Form>
    </div>
  );
}
