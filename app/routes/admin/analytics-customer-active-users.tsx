import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { figureCsvHref, FigureTableView } from "~/components/admin/figure-table";
import { PeriodForm } from "~/components/admin/period-form";
import { StackedBars } from "~/components/admin/stacked-bars";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import { customerActiveUsersTables } from "~/lib/admin/figures/customer-active-users-tables";
import { adminTitle, i18next, loadCustomerActiveUsers, pageAccess, requirePage, staffDateTime } from "./analytics-customer-active-users.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-customer-active-users");
  const now = Date.now();
  const period = figuresPeriod(new URL(request.url), now);
  const figures = await loadCustomerActiveUsers(request, context, staff, period);
  const lang = await i18next.getLocale(request);
  const patientPermission = pageAccess("customer").permission;
  const { customers } = figures;
  return {
    figures,
    // Times on the clinic's clock, formatted here so the server's HTML and the hydrated page agree.
    customers: customers.map((c) => ({ ...c, leadAt: staffDateTime(lang, c.leadAt), firstSeen: c.firstSeen && staffDateTime(lang, c.firstSeen) })),
    // The patient's record is linked only for staff who may open it; the name is the lead's, shown to all.
    canOpenPatients: !patientPermission || staff.permissions.has(patientPermission),
    period,
    presets: presets(now),
    title: await adminTitle(request, "menu.analytics-customer-active-users"),
  };
}

/** Visitors who sent a lead (ADR 055): how many per day, by language and form, and what each did before and after. */
export default function CustomerActiveUsersPage() {
  const { figures, customers, canOpenPatients, period, presets: quick } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const count = (visits: number, views: number) => `${t("customerActiveUsers.visits", { count: visits })}, ${t("customerActiveUsers.views", { count: views })}`;
  const [perDay, byLanguage, byKind, list] = customerActiveUsersTables(figures, t);
  const csv = (table: string) => figureCsvHref("customer-active-users", table, period);
  return (
    <section className="admin-page">
      <h1>{t("customerActiveUsers.title")}</h1>
      <p>{t("customerActiveUsers.consentOnly")}</p>
      <PeriodForm id="customer-active-users" period={period} quick={quick} />
      <div className="admin-panel">
        <dl className="admin-stats">
          <div>
            <dt>{t("customerActiveUsers.visitors")}</dt>
            <dd data-figure="visitors">{number.format(figures.visitors)}</dd>
          </div>
          <div>
            <dt>{t("customerActiveUsers.leads")}</dt>
            <dd data-figure="leads">{number.format(figures.leads)}</dd>
          </div>
        </dl>
      </div>
      <div className="admin-panel">
        <h2>{t("customerActiveUsers.perDay")}</h2>
        <StackedBars
          title={t("customerActiveUsers.chart", { count: figures.visitors })}
          days={figures.days.map((d) => d.day)}
          series={[{ key: "visitors", label: t("customerActiveUsers.visitors"), color: "#0072b2" }]}
          values={figures.days.map((d) => ({ visitors: d.visitors }))}
          dayLabel={dayLabel}
        />
        <FigureTableView table={perDay} csvHref={csv(perDay.id)} />
      </div>
      {[byLanguage, byKind].map((table) => (
        <div className="admin-panel" key={table.id}>
          <h2>{table.title}</h2>
          <FigureTableView table={table} csvHref={csv(table.id)} />
        </div>
      ))}
      <div className="admin-panel">
        <h2>{t("customerActiveUsers.list")}</h2>
        {customers.length === 0 ? (
          <p>{t("customerActiveUsers.empty")}</p>
        ) : (
          <AdminTable
            caption={t("customerActiveUsers.list")}
            stack
            columns={[
              t("customerActiveUsers.patient"),
              t("customerActiveUsers.lead"),
              t("customerActiveUsers.firstSeen"),
              t("customerActiveUsers.before"),
              t("customerActiveUsers.after"),
              t("customerActiveUsers.firstVisit"),
              t("customerActiveUsers.daysToLead"),
            ]}
          >
            {customers.map((c) => (
              <tr key={c.leadId} data-lead={c.leadId} data-row={c.leadId}>
                <th scope="row">
                  {c.patient && canOpenPatients ? <Link to={`/admin/customers/${c.patient.id}`}>{c.patient.name}</Link> : (c.patient?.name ?? "")}
                </th>
                <td data-label={t("customerActiveUsers.lead")}>
                  {t(`kinds.${c.kind}`, { defaultValue: c.kind })}, {t(`siteLanguages.${c.language}`)}, {c.leadAt}
                </td>
                <td data-label={t("customerActiveUsers.firstSeen")}>{c.firstSeen ?? t("customerActiveUsers.none")}</td>
                <td data-label={t("customerActiveUsers.before")} data-figure="before">
                  {count(c.before.visits, c.before.views)}
                </td>
                <td data-label={t("customerActiveUsers.after")} data-figure="after">
                  {count(c.after.visits, c.after.views)}
                </td>
                <td data-label={t("customerActiveUsers.firstVisit")}>
                  {c.entryPage ? [c.entryPage, c.referrer, c.campaign].filter(Boolean).join(" · ") : t("customerActiveUsers.none")}
                </td>
                <td data-label={t("customerActiveUsers.daysToLead")}>{c.daysToLead === null ? t("customerActiveUsers.none") : number.format(c.daysToLead)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
        <p className="admin-csv">
          <a href={csv(list.id)} download>
            {t("figures.csv")}
            <span className="visually-hidden"> {list.title}</span>
          </a>
        </p>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
