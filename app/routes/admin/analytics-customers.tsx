import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { PeriodForm } from "~/components/admin/period-form";
import { figureCsvHref, FigureTableView } from "~/components/admin/figure-table";
import { StackedBars, type Series } from "~/components/admin/stacked-bars";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import { customerFiguresTables } from "~/lib/admin/figures/customer-figures-tables";
import { adminTitle, loadCustomerFigures, requirePage } from "./analytics-customers.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-customers");
  const now = Date.now();
  const period = figuresPeriod(new URL(request.url), now);
  const { figures, names } = await loadCustomerFigures(request, context, staff, period);
  return { figures, names, period, presets: presets(now), title: await adminTitle(request, "menu.analytics-customers") };
}

export default function CustomerFigures() {
  const { figures, names, period, presets: quick } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const minutes = (m: number | null) => (m === null ? t("customerFigures.none") : t("customerFigures.minutes", { count: Math.round(m) }));
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const series: Series[] = [
    { key: "others", label: t("customerFigures.leads"), color: "#0072b2" },
    { key: "patients", label: t("customerFigures.patients"), color: "#d55e00" },
  ];
  const [perWeek, ...rest] = customerFiguresTables({ figures, names }, t);
  const csv = (table: string) => figureCsvHref("customers", table, period);
  return (
    <section className="admin-page">
      <h1>{t("customerFigures.title")}</h1>
      <PeriodForm id="figures" period={period} quick={quick} />
      <div className="admin-panel">
        <dl className="admin-stats">
          <div>
            <dt>{t("customerFigures.leads")}</dt>
            <dd data-figure="leads">{number.format(figures.leads)}</dd>
          </div>
          <div>
            <dt>{t("customerFigures.patients")}</dt>
            <dd data-figure="patients">{number.format(figures.patients)}</dd>
          </div>
          <div>
            <dt>{t("customerFigures.medianAnswer")}</dt>
            <dd data-figure="median">{minutes(figures.medianFirstAnswerMinutes)}</dd>
          </div>
        </dl>
      </div>
      <div className="admin-panel">
        <h2>{t("customerFigures.perWeek")}</h2>
        <StackedBars
          title={t("customerFigures.perWeek")}
          days={figures.weeks.map((w) => w.week)}
          series={series}
          values={figures.weeks.map((w) => ({ others: w.leads - w.patients, patients: w.patients }))}
          dayLabel={dayLabel}
        />
        <FigureTableView table={perWeek} csvHref={csv(perWeek.id)} />
      </div>
      {rest.map((table) => (
        <div className="admin-panel" key={table.id}>
          <h2>{table.title}</h2>
          <FigureTableView table={table} csvHref={csv(table.id)} />
        </div>
      ))}
    </section>
  );
}

export const ErrorBoundary = AdminError;
