import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminError } from "~/components/admin/admin-error";
import { useResetKey } from "~/components/admin/use-reset-key";
import { LanguageOptions, RoleOptions } from "~/components/admin/user-options";
import { Field } from "~/components/form/field";
import { FormAlert } from "~/components/form/form-alert";
import { unexpectedAnswer } from "~/lib/admin/answers.server";
import { requirePermission, requirePost, staffCall } from "~/lib/admin/guard.server";
import { adminTitle } from "~/lib/admin/title.server";
import { NewPasswordSchema, ProfileSchema } from "~/lib/admin/user-forms";
import type { Role, StaffLanguage } from "~/lib/api/admin-contract";
import { errorCode } from "~/lib/api/staff-client.server";
import { redirectWithToast } from "~/lib/toast.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const userId = (raw: string | undefined) => {
  if (!/^[1-9]\d{0,9}$/.test(raw ?? "")) throw data({ reason: "notFound" }, { status: 404 });
  return Number(raw);
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePermission(request, context, "read:user");
  const id = userId(params.id);
  // The API has no single-user read: the list is short (the clinic's staff).
  const users = await staffCall(() => context.staffApi.as(staff.token).get("users"));
  const user = users.result.data.find((u) => u.id === id);
  if (!user) throw data({ reason: "notFound" }, { status: 404 });
  return { user, isSelf: user.id === staff.id, canWrite: staff.permissions.has("write:user"), title: await adminTitle(request, "users.editTitle", { name: user.name }) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "write:user");
  const id = userId(params.id);
  const isPassword = form.get("intent") === "password";
  const submission = parseWithZod(form, { schema: isPassword ? NewPasswordSchema : ProfileSchema });
  const reply = (options?: Parameters<typeof submission.reply>[0]) => ({ form: isPassword ? "password" : "profile", result: submission.reply({ ...options, hideFields: ["password"] }) });
  if (submission.status !== "success") return data(reply(), { status: 400 });
  const { intent: _intent, ...payload } = submission.value;
  const path = `admin/users/${id}`;
  const answer = await staffCall(() => context.staffApi.as(staff.token).send("PATCH", path, payload));
  if (answer.status === 409 && errorCode(answer.data) === "last_owner") return data(reply({ formErrors: ["admin:users.errors.lastOwner"] }), { status: 409 });
  if (answer.status !== 200) unexpectedAnswer(path, answer);
  return redirectWithToast(`/admin/users/${id}`, isPassword ? "admin:users.passwordSet" : "admin:toast.saved");
}

type Edited = { id: number; name: string; role: Role; language: StaffLanguage; disabled: boolean };

export default function User() {
  const { user, isSelf, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  // Saved: both forms start again from what the API now holds (the password field empty).
  const resetKey = useResetKey();
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/users">{t("users.back")}</Link>
      </p>
      <h1 dir="auto">{user.name}</h1>
      <p>
        {user.email} · {t(`roles.${user.role}`)} · {user.disabled ? <strong>{t("users.disabled")}</strong> : t("users.enabled")}
      </p>
      {canWrite ? (
        <>
          <ProfileForm key={`profile-${resetKey}`} user={user} isSelf={isSelf} />
          <PasswordForm key={`password-${resetKey}`} />
        </>
      ) : null}
    </section>
  );
}

function ProfileForm({ user, isSelf }: { user: Edited; isSelf: boolean }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.form === "profile" ? actionData.result : undefined,
    constraint: getZodConstraint(ProfileSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    defaultValue: { name: user.name, role: user.role, language: user.language, disabled: user.disabled ? "on" : undefined },
  });
  return (
    <div className="admin-panel">
      <h2>{t("users.profileTitle")}</h2>
      <Form method="post" {...getFormProps(form)} noValidate className="admin-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="profile" />
        <FormAlert errors={form.errors} />
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
        <Field meta={fields.disabled} label={t("users.disable")} hint={t(isSelf ? "users.disableSelfHint" : "users.disableHint")} checkbox>
          {(hintId) => <input {...getInputProps(fields.disabled, { type: "checkbox", ariaDescribedBy: hintId })} />}
        </Field>
        <button type="submit" className="button button-primary">
          {t("users.save")}
        </button>
      </Form>
    </div>
  );
}

function PasswordForm() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: "password",
    lastResult: actionData?.form === "password" ? actionData.result : undefined,
    constraint: getZodConstraint(NewPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
  });
  return (
    <div className="admin-panel">
      <h2>{t("users.passwordTitle")}</h2>
      <p>{t("users.passwordEndsSessions")}</p>
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

export const ErrorBoundary = AdminError;
