import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { PeriodForm } from "~/components/admin/period-form";
import { AdminTable } from "~/components/admin/admin-table";
import { StackedBars, type Series } from "~/components/admin/stacked-bars";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import { adminTitle, figureNames, requirePage, staffCall, staffLanguage } from "./analytics-customers.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-customers");
  const now = Date.now();
  const period = figuresPeriod(new URL(request.url), now);
  const figures = await staffCall(context, () => context.staffApi.as(staff.token).get("customerFigures", { query: { from: period.from, to: period.to } }));
  const keys = { countries: figures.result.byCountry.map((f) => f.key), treatments: figures.result.byTreatment.map((f) => f.key) };
  const names = await figureNames(context, staffLanguage(request), keys);
  return { figures: figures.result, names, period, presets: presets(now), title: await adminTitle(request, "menu.analytics-customers") };
}

// A group table's columns after its row heading; on a phone each row is a card (AdminTable `stack`).
const COLUMNS = ["leads", "patients", "conversion", "medianAnswer"] as const;

type Figure = { key: string; leads: number; patients: number; medianFirstAnswerMinutes: number | null };

export default function CustomerFigures() {
  const { figures, names, period, presets: quick } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  const minutes = (m: number | null) => (m === null ? t("customerFigures.none") : t("customerFigures.minutes", { count: Math.round(m) }));
  const rate = (part: number, whole: number) => (whole === 0 ? "–" : percent.format(part / whole));
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const series: Series[] = [
    { key: "others", label: t("customerFigures.leads"), color: "#0072b2" },
    { key: "patients", label: t("customerFigures.patients"), color: "#d55e00" },
  ];
  const groups: [string, Figure[], (key: string) => string][] = [
    ["byCoordinator", figures.byCoordinator, (k) => k || t("customerFigures.unassigned")],
    ["byCountry", figures.byCountry, (k) => (k ? (names.country[k] ?? k) : t("customerFigures.unknown"))],
    ["byTreatment", figures.byTreatment, (k) => (k ? (names.treatment[k] ?? k) : t("customerFigures.unknown"))],
    ["byLanguage", figures.byLanguage, (k) => (k ? t(`siteLanguages.${k}`, { defaultValue: k }) : t("customerFigures.unknown"))],
  ];
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
        <AdminTable caption={t("customerFigures.perWeek")} columns={[t("customerFigures.week"), t("customerFigures.leads"), t("customerFigures.patients")]}>
          {figures.weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row">{dayLabel(w.week)}</th>
              <td>{number.format(w.leads)}</td>
              <td>{number.format(w.patients)}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
      <div className="admin-panel">
        <h2>{t("customerFigures.funnel")}</h2>
        <AdminTable caption={t("customerFigures.funnel")} columns={[t("customerFigures.stage"), t("customerFigures.reached"), t("customerFigures.conversion")]}>
          {figures.funnel.map((s) => (
            <tr key={s.stage}>
              <th scope="row">{t(`statuses.${s.stage}`)}</th>
              <td>{number.format(s.count)}</td>
              <td>{rate(s.count, figures.leads)}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
      {groups.map(([name, rows, label]) => (
        <div className="admin-panel" key={name}>
          <h2>{t(`customerFigures.${name}`)}</h2>
          <AdminTable caption={t(`customerFigures.${name}`)} stack columns={["", ...COLUMNS.map((c) => t(`customerFigures.${c}`))]}>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{label(row.key)}</th>
                <td data-label={t("customerFigures.leads")}>{number.format(row.leads)}</td>
                <td data-label={t("customerFigures.patients")}>{number.format(row.patients)}</td>
                <td data-label={t("customerFigures.conversion")}>{rate(row.patients, row.leads)}</td>
                <td data-label={t("customerFigures.medianAnswer")}>{minutes(row.medianFirstAnswerMinutes)}</td>
              </tr>
            ))}
          </AdminTable>
        </div>
      ))}
      <div className="admin-panel">
        <h2>{t("customerFigures.handEntered")}</h2>
        <AdminTable caption={t("customerFigures.handEntered")} columns={[t("customerFigures.source"), t("customerFigures.count")]}>
          {figures.handEnteredBySource.map((s) => (
            <tr key={s.source}>
              <th scope="row">{s.source ? t(`leads.sources.${s.source}`, { defaultValue: s.source }) : t("customerFigures.unknown")}</th>
              <td>{number.format(s.count)}</td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
