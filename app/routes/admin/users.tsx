import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminError } from "~/components/admin/admin-error";
import { useResetKey } from "~/components/admin/use-reset-key";
import { LanguageOptions, RoleOptions } from "~/components/admin/user-options";
import { Field } from "~/components/form/field";
import { unexpectedAnswer } from "~/lib/admin/answers.server";
import { requirePermission, requirePost, staffCall } from "~/lib/admin/guard.server";
import { adminTitle } from "~/lib/admin/title.server";
import { NewUserSchema } from "~/lib/admin/user-forms";
import { errorCode } from "~/lib/api/staff-client.server";
import { redirectWithToast } from "~/lib/toast.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePermission(request, context, "read:user");
  const users = await staffCall(() => context.staffApi.as(staff.token).get("users"));
  return { users: users.result.data, canWrite: staff.permissions.has("write:user"), title: await adminTitle(request, "menu.users") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "write:user");
  const submission = parseWithZod(form, { schema: NewUserSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const answer = await staffCall(() => context.staffApi.as(staff.token).send("POST", "admin/users", submission.value));
  if (answer.status === 409 && errorCode(answer.data) === "email_taken") {
    return data(submission.reply({ fieldErrors: { email: ["admin:users.errors.emailTaken"] }, hideFields: ["password"] }), { status: 409 });
  }
  if (answer.status !== 201 && answer.status !== 200) unexpectedAnswer("admin/users", answer);
  return redirectWithToast("/admin/users", "admin:users.created");
}

export default function Users() {
  const { users, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  // Empty again once a user was added.
  const resetKey = useResetKey();
  return (
    <section className="admin-page">
      <h1>{t("menu.users")}</h1>
      {canWrite ? (
        <p>
          <a href="#new-user">{t("users.newLink")}</a>
        </p>
      ) : null}
      <div className="admin-panel">
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t("menu.users")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("users.name")}</th>
                <th scope="col">{t("users.email")}</th>
                <th scope="col">{t("users.role")}</th>
                <th scope="col">{t("users.language")}</th>
                <th scope="col">{t("users.state")}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    <Link to={`/admin/users/${user.id}`} dir="auto">
                      {user.name}
                    </Link>
                  </th>
                  <td>{user.email}</td>
                  <td>{t(`roles.${user.role}`)}</td>
                  <td>{t(`languages.${user.language}`)}</td>
                  <td>{user.disabled ? <strong>{t("users.disabled")}</strong> : t("users.enabled")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {canWrite ? <NewUserForm key={resetKey} /> : null}
    </section>
  );
}

function NewUserForm() {
  const lastResult = useActionData<typeof action>();
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
        <Field meta={fields.password} label={t("users.initialPassword")} hint={t("users.passwordHint")} required>
          {(hintId) => (
            <input {...getInputProps(fields.password, { type: "password", ariaDescribedBy: hintId })} autoComplete="new-password" />
          )}
        </Field>
        <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
          {t("users.create")}
        </button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = AdminError;
