import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { SettingsForm, SettingsView } from "~/components/admin/settings";
import { AlertModeForm } from "~/components/admin/alert-mode-form";
import { BulletinOpensForm } from "~/components/admin/bulletin-opens-form";
import { TwoFactorPolicyForm } from "~/components/admin/two-factor-policy-form";
import { parseSettingsForm, toSettings } from "~/lib/admin/settings-form";
import { ApiError } from "~/lib/platform/api/errors";
import {
  adminTitle,
  data,
  redirectWithToast,
  requirePage,
  requirePost,
  saveAlertMode,
  saveBulletinOpens,
  saveTwoFactorPolicy,
  settingsChanged,
  staffCall,
  staffFailure,
} from "./settings.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "settings");
  const api = context.staffApi.as(staff.token);
  const [settings, alerts, twoFactor, bulletinSettings] = await staffCall(context, () =>
    Promise.all([api.get("settings"), api.get("alertSettings"), api.get("twoFactorPolicy"), api.get("bulletinSettings")]),
  );
  return {
    settings: settings.result,
    alertMode: alerts.result.mode,
    twoFactorRoles: twoFactor.result.requiredRoles,
    countOpens: bulletinSettings.result.countOpens,
    canWrite: staff.permissions.has("write:settings"),
    title: await adminTitle(request, "menu.settings"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "settings");
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "alerts") return saveAlertMode(context, staff, form);
  if (intent === "twoFactor") return saveTwoFactorPolicy(context, staff, form);
  if (intent === "bulletinOpens") return saveBulletinOpens(context, staff, form);
  const submission = parseSettingsForm(form);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("PUT", "admin/settings", toSettings(submission.value)));
  // The API judged a value otherwise than this form did: the form stays as typed.
  if (answer.status === 400) return data(submission.reply({ formErrors: ["admin:settings.errors.rejected"] }), { status: 400 });
  if (answer.status !== 200) staffFailure(context, new ApiError("status", `PUT admin/settings answered ${answer.status}`, answer.status));
  settingsChanged(context);
  return redirectWithToast(context, "/admin/settings", "admin:toast.saved");
}

export default function Settings() {
  const { settings, alertMode, twoFactorRoles, countOpens, canWrite } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("menu.settings")}</h1>
      <p>{t(canWrite ? "settings.intro" : "settings.readOnly")}</p>
      {canWrite ? <SettingsForm settings={settings} lastResult={lastResult} /> : <SettingsView settings={settings} />}
      <AlertModeForm mode={alertMode} canWrite={canWrite} />
      <TwoFactorPolicyForm requiredRoles={twoFactorRoles} canWrite={canWrite} />
      <BulletinOpensForm countOpens={countOpens} canWrite={canWrite} />
    </section>
  );
}

export const ErrorBoundary = AdminError;
