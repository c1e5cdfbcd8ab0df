import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { LEAD_STATUSES } from "~/lib/platform/api/admin-contract";
import { adminTitle, requirePage, staffCall } from "./dashboard.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "dashboard");
  // The leads per day by kind and language are on the form funnels page (ADR 054); here the status counts.
  const stats = await staffCall(context, () => context.staffApi.as(staff.token).get("stats", { query: { days: 30 } }));
  return { stats: stats.result, canReadLeads: staff.permissions.has("read:lead"), title: await adminTitle(request, "menu.dashboard") };
}

export default function Dashboard() {
  const { stats, canReadLeads } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("menu.dashboard")}</h1>
      <div className="admin-panel">
        <h2>{t("dashboard.byStatus")}</h2>
        <dl className="admin-stats">
          {LEAD_STATUSES.map((status) => (
            <div key={status}>
              <dt>{canReadLeads ? <Link to={`/admin/leads?status=${status}`}>{t(`statuses.${status}`)}</Link> : t(`statuses.${status}`)}</dt>
              <dd>{stats.byStatus[status] ?? 0}</dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="admin-panel">
        <Link to="/admin/analytics/forms">{t("dashboard.formsLink")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = AdminError;
