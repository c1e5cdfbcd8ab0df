import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { figureCsvHref, FigureTableView } from "~/components/admin/figure-table";
import { FunnelBars } from "~/components/admin/funnel-bars";
import { PeriodForm } from "~/components/admin/period-form";
import { StackedBars, type Series } from "~/components/admin/stacked-bars";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import { formFunnelTables, funnelForms, FUNNEL_STEPS } from "~/lib/admin/figures/form-funnel-tables";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import { LEAD_KINDS } from "~/lib/platform/api/lead-kinds";
import { adminTitle, loadFormFunnels, requirePage } from "./analytics-forms.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-forms");
  const now = Date.now();
  const period = figuresPeriod(new URL(request.url), now);
  const { funnels, fieldLabels, formLabels } = await loadFormFunnels(request, context, staff, period);
  return { funnels, fieldLabels, formLabels, period, presets: presets(now), title: await adminTitle(request, "menu.analytics-forms") };
}

// Colour-blind-safe (Okabe–Ito), each with 3:1 contrast against white: the dashboard's.
// One colour per lead kind (six, with built forms) and per language (five), each at least 3:1 on white.
const COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00", "#4d4d4d"];

export default function FormFunnelsPage() {
  const { funnels, fieldLabels, formLabels, period, presets: quick } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const kinds: Series[] = LEAD_KINDS.map((k, i) => ({ key: k, label: t(`kinds.${k}`), color: COLORS[i] }));
  const langs: Series[] = LANGUAGE_CODES.map((l, i) => ({ key: l, label: t(`siteLanguages.${l}`), color: COLORS[i] }));
  const days = funnels.leads.map((d) => d.day);
  const total = funnels.leads.reduce((sum, d) => sum + Object.values(d.byKind).reduce((a, b) => a + b, 0), 0);
  const tables = formFunnelTables({ funnels, fieldLabels, formLabels }, t);
  const table = (id: string) => tables.find((tb) => tb.id === id)!;
  const csv = (id: string) => figureCsvHref("forms", id, period);
  // Each built-in form, then each built form by its name (ADR 065).
  const perForm = funnelForms(funnels, t);
  return (
    <section className="admin-page">
      <h1>{t("formFunnels.title")}</h1>
      <PeriodForm id="form-funnels" period={period} quick={quick} />
      <div className="admin-panel">
        <h2>{t("formFunnels.about")}</h2>
        <p>{t("formFunnels.consent")}</p>
        <p>{t("formFunnels.javascript")}</p>
        <p>{t("formFunnels.builtForms")}</p>
      </div>
      {perForm.length === 0 ? (
        <div className="admin-panel">
          <p>{t("formFunnels.empty")}</p>
        </div>
      ) : null}
      {perForm.map(({ id, name: form, rows }) => {
        const sum = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, rows.reduce((n, f) => n + f[step], 0)])) as Record<
          (typeof FUNNEL_STEPS)[number],
          number
        >;
        const funnel = table(id);
        return (
          <div className="admin-panel" key={id} data-form={id.slice("funnel-".length)}>
            <h2>{funnel.title}</h2>
            <FunnelBars
              title={t("formFunnels.chart", { form, views: sum.views, delivered: sum.delivered })}
              steps={FUNNEL_STEPS.map((step) => ({ label: t(`formFunnels.${step}`), value: sum[step] }))}
            />
            <FigureTableView table={funnel} csvHref={csv(funnel.id)} />
          </div>
        );
      })}
      <div className="admin-panel">
        <h2>{t("formFunnels.stops")}</h2>
        <p>{t("formFunnels.stopsIntro")}</p>
        <FigureTableView table={table("stops")} csvHref={csv("stops")} />
      </div>
      <div className="admin-panel">
        <h2>{t("formFunnels.errors")}</h2>
        <FigureTableView table={table("errors")} csvHref={csv("errors")} />
      </div>
      <div className="admin-panel">
        <h2>{t("formFunnels.perDayByKind")}</h2>
        <StackedBars
          title={t("formFunnels.chartByKind", { count: total })}
          days={days}
          series={kinds}
          values={funnels.leads.map((d) => d.byKind)}
          dayLabel={dayLabel}
        />
        <details>
          <summary>{t("formFunnels.asTable")}</summary>
          <FigureTableView table={table("leadsByKind")} csvHref={csv("leadsByKind")} />
        </details>
      </div>
      <div className="admin-panel">
        <h2>{t("formFunnels.perDayByLanguage")}</h2>
        <StackedBars
          title={t("formFunnels.chartByLanguage", { count: total })}
          days={days}
          series={langs}
          values={funnels.leads.map((d) => d.byLanguage)}
          dayLabel={dayLabel}
        />
        <details>
          <summary>{t("formFunnels.asTable")}</summary>
          <FigureTableView table={table("leadsByLanguage")} csvHref={csv("leadsByLanguage")} />
        </details>
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
