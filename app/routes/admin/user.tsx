import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { useResetKey } from "~/components/admin/use-reset-key";
import { SignInFailures } from "~/components/admin/sign-in-failures";
import { SessionsPanel } from "~/components/admin/sessions-panel";
import { TwoFactorReset } from "~/components/admin/two-factor-reset";
import { PasswordForm, ProfileForm } from "~/components/admin/user-edit-forms";
import { signInFailuresView } from "~/lib/admin/sign-in-failures";
import { NewPasswordSchema, passwordRefusalKey, ProfileSchema } from "~/lib/admin/user-forms";
import {
  adminTitle,
  data,
  errorCode,
  i18next,
  liftSignInLock,
  redirectWithToast,
  requirePage,
  resetTwoFactor,
  requirePost,
  sessionsView,
  signOutEverywhere,
  staffCall,
  staffDateTime,
  unexpectedAnswer,
} from "./user.server";
import { ROLE_PERMISSIONS } from "~/lib/platform/api/admin-contract";
import { parseWithZod } from "@conform-to/zod";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const userId = (raw: string | undefined) => {
  if (!/^[1-9]\d{0,9}$/.test(raw ?? "")) throw data({ reason: "notFound" }, { status: 404 });
  return Number(raw);
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "user");
  const id = userId(params.id);
  // The API has no single-user read: the list is short (the clinic's staff).
  const users = await staffCall(context, () => context.staffApi.as(staff.token).get("users"));
  const listed = users.result.data.find((u) => u.id === id);
  if (!listed) throw data({ reason: "notFound" }, { status: 404 });
  const { signIn, lastSignInAt, sessions, twoFactor, ...user } = listed;
  const [lang, t] = [await i18next.getLocale(request), await i18next.getFixedT(request, "admin")];
  return {
    user,
    signIn: signInFailuresView(lang, signIn),
    lastSignIn: lastSignInAt ? staffDateTime(lang, lastSignInAt) : null,
    sessions: sessionsView(lang, t, sessions),
    twoFactorEnrolled: twoFactor.enrolled,
    // A leaver's leads can go to an enabled colleague whose role works on leads.
    colleagues: users.result.data
      .filter((u) => u.id !== id && !u.disabled && ROLE_PERMISSIONS[u.role].includes("write:lead"))
      .map((u) => ({ id: u.id, name: u.name })),
    isSelf: user.id === staff.id,
    canWrite: staff.permissions.has("write:user"),
    title: await adminTitle(request, "users.editTitle", { name: user.name }),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "user");
  const id = userId(params.id);
  if (form.get("intent") === "unlock") return liftSignInLock(context, staff, id, `/admin/users/${id}`);
  if (form.get("intent") === "two-factor-reset" && id !== staff.id) return resetTwoFactor(context, staff, id, `/admin/users/${id}`);
  if (form.get("intent") === "sign-out-everywhere") return signOutEverywhere(context, staff, id === staff.id ? "self" : id, `/admin/users/${id}`);
  const isPassword = form.get("intent") === "password";
  const submission = parseWithZod(form, { schema: isPassword ? NewPasswordSchema : ProfileSchema });
  const reply = (options?: Parameters<typeof submission.reply>[0]) => ({
    form: isPassword ? "password" : "profile",
    result: submission.reply({ ...options, hideFields: ["password"] }),
  });
  if (submission.status !== "success") return data(reply(), { status: 400 });
  const { intent: _intent, ...payload } = submission.value;
  const path = `admin/users/${id}`;
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("PATCH", path, payload));
  if (answer.status === 409 && errorCode(answer.data) === "last_owner") return data(reply({ formErrors: ["admin:users.errors.lastOwner"] }), { status: 409 });
  if (answer.status === 422 && errorCode(answer.data) === "handover_invalid") {
    return data(reply({ fieldErrors: { handOverTo: ["admin:users.errors.handOverInvalid"] } }), { status: 422 });
  }
  const refused = passwordRefusalKey(answer.status, errorCode(answer.data));
  if (refused) return data(reply({ fieldErrors: { password: [refused] } }), { status: 422 });
  if (answer.status !== 200) unexpectedAnswer(context, path, answer);
  return redirectWithToast(context, `/admin/users/${id}`, isPassword ? "admin:users.passwordSet" : "admin:toast.saved");
}

export default function User() {
  const { user, signIn, lastSignIn, sessions, twoFactorEnrolled, colleagues, isSelf, canWrite } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
        {user.email} · {t(`roles.${user.role}`)}
        {user.notificationAdmin ? ` · ${t("users.notificationAdmin")}` : null} · {user.disabled ? <strong>{t("users.disabled")}</strong> : t("users.enabled")}
      </p>
      <div className="admin-panel">
        <h2>{t("users.signIn")}</h2>
        <SignInFailures user={user} view={signIn} canLift={canWrite} />
        {canWrite && signIn.failures > 0 ? <p className="admin-muted">{t("users.liftHint")}</p> : null}
      </div>
      <SessionsPanel lastSignIn={lastSignIn} sessions={sessions} isSelf={isSelf} canEnd={canWrite || isSelf} />
      <TwoFactorReset user={user} enrolled={twoFactorEnrolled} canReset={canWrite && !isSelf} />
      {canWrite ? (
        <>
          <ProfileForm
            key={`profile-${resetKey}`}
            user={user}
            isSelf={isSelf}
            colleagues={colleagues}
            lastResult={actionData?.form === "profile" ? actionData.result : undefined}
          />
          <PasswordForm key={`password-${resetKey}`} isSelf={isSelf} lastResult={actionData?.form === "password" ? actionData.result : undefined} />
        </>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = AdminError;
