import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { PeriodForm } from "~/components/admin/period-form";
import { figureCsvHref, FigureTableView } from "~/components/admin/figure-table";
import { StackedBars, type Series } from "~/components/admin/stacked-bars";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import { downloadTables } from "~/lib/admin/figures/download-tables";
import { adminTitle, loadDownloadFigures, requirePage } from "./analytics-downloads.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-downloads");
  const now = Date.now();
  const period = figuresPeriod(new URL(request.url), now);
  const figures = await loadDownloadFigures(request, context, staff, period);
  return { figures, period, presets: presets(now), title: await adminTitle(request, "menu.analytics-downloads") };
}

/** Counted downloads of the site's documents (ADR 052): per week with and without consent, then per document and language. */
export default function DownloadFigures() {
  const { figures, period, presets: quick } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const weekLabel = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(date));
  const [perWeek, perDocument] = downloadTables(figures, t);
  const csv = (table: string) => figureCsvHref("downloads", table, period);
  const series: Series[] = [
    { key: "withConsent", label: t("downloads.withConsent"), color: "#0072b2" },
    { key: "withoutConsent", label: t("downloads.withoutConsent"), color: "#d55e00" },
  ];
  return (
    <section className="admin-page">
      <h1>{t("downloads.title")}</h1>
      <p>{t("downloads.intro")}</p>
      <PeriodForm id="downloads" period={period} quick={quick} />
      <div className="admin-panel">
        <dl className="admin-stats">
          <div>
            <dt>{t("downloads.total")}</dt>
            <dd data-figure="total">{number.format(figures.withConsent + figures.withoutConsent)}</dd>
          </div>
          <div>
            <dt>{t("downloads.withConsent")}</dt>
            <dd data-figure="with-consent">{number.format(figures.withConsent)}</dd>
          </div>
          <div>
            <dt>{t("downloads.withoutConsent")}</dt>
            <dd data-figure="without-consent">{number.format(figures.withoutConsent)}</dd>
          </div>
        </dl>
      </div>
      <div className="admin-panel">
        <h2>{t("downloads.perWeek")}</h2>
        <StackedBars
          title={t("downloads.perWeek")}
          days={figures.weeks.map((w) => w.week)}
          series={series}
          values={figures.weeks.map((w) => ({ withConsent: w.withConsent, withoutConsent: w.withoutConsent }))}
          dayLabel={weekLabel}
        />
        <FigureTableView table={perWeek} csvHref={csv(perWeek.id)} />
      </div>
      <div className="admin-panel">
        <h2>{perDocument.title}</h2>
        <FigureTableView table={perDocument} csvHref={csv(perDocument.id)} />
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
