import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { PeriodForm } from "~/components/admin/period-form";
import { figureCsvHref, FigureTableView } from "~/components/admin/figure-table";
import { StackedBars } from "~/components/admin/stacked-bars";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import { activeUsersTables } from "~/lib/admin/figures/active-users-tables";
import { adminTitle, loadActiveUsers, requirePage } from "./analytics-active-users.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-active-users");
  const now = Date.now();
  const period = figuresPeriod(new URL(request.url), now);
  const users = await loadActiveUsers(request, context, staff, period);
  return { users, period, presets: presets(now), title: await adminTitle(request, "menu.analytics-active-users") };
}

export default function ActiveUsersPage() {
  const { users, period, presets: quick } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const [perDay, ...counts] = activeUsersTables(users, t);
  const csv = (table: string) => figureCsvHref("active-users", table, period);
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
        <FigureTableView table={perDay} csvHref={csv(perDay.id)} />
      </div>
      {counts.map((table) => (
        <div className="admin-panel" key={table.id}>
          <h2>{table.title}</h2>
          <FigureTableView table={table} csvHref={csv(table.id)} />
        </div>
      ))}
    </section>
  );
}

export const ErrorBoundary = AdminError;
