import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { NewUserForm } from "~/components/admin/new-user-form";
import { SignInFailures } from "~/components/admin/sign-in-failures";
import { useResetKey } from "~/components/admin/use-reset-key";
import { signInFailuresView } from "~/lib/admin/sign-in-failures";
import { LiftLockSchema, NewUserSchema, passwordRefusalKey } from "~/lib/admin/user-forms";
import { adminTitle, data, errorCode, i18next, liftSignInLock, redirectWithToast, requirePage, requirePost, staffCall, unexpectedAnswer } from "./users.server";
import { parseWithZod } from "@conform-to/zod";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "users");
  const users = await staffCall(context, () => context.staffApi.as(staff.token).get("users"));
  const lang = await i18next.getLocale(request);
  return {
    users: users.result.data.map(({ signIn, ...user }) => ({ ...user, signIn: signInFailuresView(lang, signIn) })),
    canWrite: staff.permissions.has("write:user"),
    title: await adminTitle(request, "menu.users"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "users");
  // A row's "Lift the lock" button.
  if (form.get("intent") === "unlock") {
    const lift = LiftLockSchema.safeParse(Object.fromEntries(form));
    if (!lift.success) throw data({ reason: "error" }, { status: 400 });
    return liftSignInLock(context, staff, lift.data.id, "/admin/users");
  }
  const submission = parseWithZod(form, { schema: NewUserSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("POST", "admin/users", submission.value));
  if (answer.status === 409 && errorCode(answer.data) === "email_taken") {
    return data(submission.reply({ fieldErrors: { email: ["admin:users.errors.emailTaken"] }, hideFields: ["password"] }), { status: 409 });
  }
  const refused = passwordRefusalKey(answer.status, errorCode(answer.data));
  if (refused) return data(submission.reply({ fieldErrors: { password: [refused] }, hideFields: ["password"] }), { status: 422 });
  if (answer.status !== 201 && answer.status !== 200) unexpectedAnswer(context, "admin/users", answer);
  return redirectWithToast(context, "/admin/users", "admin:users.created");
}

export default function Users() {
  const { users, canWrite } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
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
        <AdminTable
          caption={t("menu.users")}
          columns={[t("users.name"), t("users.email"), t("users.role"), t("users.language"), t("users.state"), t("users.signIn")]}
          wide
        >
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                <Link to={`/admin/users/${user.id}`} dir="auto">
                  {user.name}
                </Link>
              </th>
              <td>{user.email}</td>
              <td>
                {t(`roles.${user.role}`)}
                {user.notificationAdmin ? ` + ${t("users.notificationAdmin")}` : null}
              </td>
              <td>{t(`languages.${user.language}`)}</td>
              <td>{user.disabled ? <strong>{t("users.disabled")}</strong> : t("users.enabled")}</td>
              <td>
                <SignInFailures user={user} view={user.signIn} canLift={canWrite} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
      {canWrite ? <NewUserForm key={resetKey} lastResult={lastResult} /> : null}
    </section>
  );
}

export const ErrorBoundary = AdminError;
