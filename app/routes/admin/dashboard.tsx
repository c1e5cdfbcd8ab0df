import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { StackedBars, type Series } from "~/components/admin/stacked-bars";
import { LEAD_KINDS, LEAD_STATUSES } from "~/lib/platform/api/admin-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import { adminTitle, requirePage, staffCall } from "./dashboard.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "dashboard");
  const stats = await staffCall(context, () => context.staffApi.as(staff.token).get("stats", { query: { days: 30 } }));
  return { stats: stats.result, canReadLeads: staff.permissions.has("read:lead"), title: await adminTitle(request, "menu.dashboard") };
}

// Colour-blind-safe (Okabe–Ito), each with 3:1 contrast against white.
const COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00"];

export default function Dashboard() {
  const { stats, canReadLeads } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const days = stats.days.map((d) => d.date);
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const kinds: Series[] = LEAD_KINDS.map((k, i) => ({ key: k, label: t(`kinds.${k}`), color: COLORS[i] }));
  const langs: Series[] = LANGUAGE_CODES.map((l, i) => ({ key: l, label: t(`siteLanguages.${l}`), color: COLORS[i] }));
  const total = stats.days.reduce((sum, d) => sum + Object.values(d.byKind).reduce((a, b) => a + b, 0), 0);
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
      <div className="admin-panel">
        <h2>{t("dashboard.perDayByKind", { count: total })}</h2>
        <StackedBars
          title={t("dashboard.chartByKind", { count: total })}
          days={days}
          series={kinds}
          values={stats.days.map((d) => d.byKind)}
          dayLabel={dayLabel}
        />
      </div>
      <div className="admin-panel">
        <h2>{t("dashboard.perDayByLanguage")}</h2>
        <StackedBars
          title={t("dashboard.chartByLanguage", { count: total })}
          days={days}
          series={langs}
          values={stats.days.map((d) => d.byLanguage)}
          dayLabel={dayLabel}
        />
      </div>
      <details className="admin-panel">
        <summary>{t("dashboard.asTable")}</summary>
        <AdminTable caption={t("dashboard.perDayByKind", { count: total })} columns={[t("dashboard.day"), ...kinds.map((k) => k.label)]}>
          {stats.days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date)}</th>
              {kinds.map((k) => (
                <td key={k.key}>{d.byKind[k.key as keyof typeof d.byKind] ?? 0}</td>
              ))}
            </tr>
          ))}
        </AdminTable>
      </details>
    </section>
  );
}

export const ErrorBoundary = AdminError;
