import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { SessionsPanel } from "~/components/admin/sessions-panel";
import { TwoFactorPanel } from "~/components/admin/two-factor-panel";
import {
  adminTitle,
  data,
  i18next,
  requirePage,
  requirePost,
  sessionsView,
  signOutEverywhere,
  staffCall,
  staffDateTime,
  twoFactorAction,
} from "./account.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "account");
  const account = await staffCall(context, () => context.staffApi.as(staff.token).get("account"));
  const [lang, t] = [await i18next.getLocale(request), await i18next.getFixedT(request, "admin")];
  const { lastSignInAt, sessions } = account.result;
  return {
    name: staff.name,
    email: staff.email,
    lastSignIn: lastSignInAt ? staffDateTime(lang, lastSignInAt) : null,
    sessions: sessionsView(lang, t, sessions),
    twoFactor: account.result.twoFactor,
    title: await adminTitle(request, "account.title"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "account");
  if (form.get("intent") === "sign-out-everywhere") return signOutEverywhere(context, staff, "self", "/admin/account");
  if (String(form.get("intent") ?? "").startsWith("two-factor-")) return twoFactorAction(context, staff, form);
  throw data({ reason: "error" }, { status: 400 });
}

export default function Account() {
  const { name, email, lastSignIn, sessions, twoFactor } = useLoaderData<typeof loader>();
  const shown = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("account.title")}</h1>
      <p dir="auto">
        {name} · {email}
      </p>
      <TwoFactorPanel enrolled={twoFactor.enrolled} codesLeft={twoFactor.recoveryCodesLeft} shown={shown} />
      <SessionsPanel lastSignIn={lastSignIn} sessions={sessions} isSelf canEnd />
    </section>
  );
}

export const ErrorBoundary = AdminError;
