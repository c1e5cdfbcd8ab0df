import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { PeriodForm } from "~/components/admin/period-form";
import { AdminTable } from "~/components/admin/admin-table";
import { StackedBars } from "~/components/admin/stacked-bars";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import type { ActiveUsers, AnalyticsCount } from "~/lib/platform/api/analytics-contract";
import { adminTitle, requirePage, staffCall } from "./analytics-active-users.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-active-users");
  const now = Date.now();
  const period = figuresPeriod(new URL(request.url), now);
  const users = await staffCall(context, () => context.staffApi.as(staff.token).get("activeUsers", { query: { from: period.from, to: period.to } }));
  return { users: users.result, period, presets: presets(now), title: await adminTitle(request, "menu.analytics-active-users") };
}

/** The period's tables, in the page's order; each names its rows' keys in words where they are codes. */
const TABLES = ["byLanguage", "topPages", "entryPages", "referrers", "campaigns", "devices", "browsers"] as const satisfies readonly (keyof ActiveUsers)[];

export default function ActiveUsersPage() {
  const { users, period, presets: quick } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const keyLabel = (table: (typeof TABLES)[number], key: string) => {
    if (table === "byLanguage") return t(`siteLanguages.${key}`, { defaultValue: key });
    if (table === "devices") return t(`activeUsers.device.${key}`, { defaultValue: key });
    return key;
  };
  const stats = [
    ["now", users.now],
    ["today", users.today],
    ["visitors", users.visitors],
    ["views", users.views],
  ] as const;
  return (
    <section className="admin-page">
      <h1>{t("activeUsers.title")}</h1>
      <PeriodForm id="active-users" period={period} quick={quick} />
      <div className="admin-panel">
        <dl className="admin-stats">
          {stats.map(([name, value]) => (
            <div key={name}>
              <dt>{t(`activeUsers.${name}`)}</dt>
              <dd data-figure={name}>{number.format(value)}</dd>
            </div>
          ))}
        </dl>
        <p>{t("activeUsers.consentOnly")}</p>
      </div>
      <div className="admin-panel">
        <h2>{t("activeUsers.perDay")}</h2>
        <StackedBars
          title={t("activeUsers.chart", { count: users.visitors })}
          days={users.days.map((d) => d.day)}
          series={[{ key: "dau", label: t("activeUsers.dau"), color: "#0072b2" }]}
          values={users.days.map((d) => ({ dau: d.dau }))}
          dayLabel={dayLabel}
        />
        <AdminTable
          caption={t("activeUsers.perDay")}
          stack
          columns={[t("activeUsers.day"), t("activeUsers.dau"), t("activeUsers.wau"), t("activeUsers.mau"), t("activeUsers.views")]}
        >
          {users.days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day)}</th>
              <td data-label={t("activeUsers.dau")}>{number.format(d.dau)}</td>
              <td data-label={t("activeUsers.wau")}>{number.format(d.wau)}</td>
              <td data-label={t("activeUsers.mau")}>{number.format(d.mau)}</td>
              <td data-label={t("activeUsers.views")}>{number.format(d.views)}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
      {TABLES.map((table) => (
        <CountTable
          key={table}
          title={t(`activeUsers.${table}`)}
          rows={users[table]}
          label={(key) => keyLabel(table, key)}
          empty={t("activeUsers.empty")}
          number={number}
        />
      ))}
    </section>
  );
}

function CountTable({
  title,
  rows,
  label,
  empty,
  number,
}: {
  title: string;
  rows: AnalyticsCount[];
  label: (key: string) => string;
  empty: string;
  number: Intl.NumberFormat;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-panel">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <AdminTable caption={title} columns={["", t("activeUsers.views")]}>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{label(row.key)}</th>
              <td>{number.format(row.views)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}

export const ErrorBoundary = AdminError;
