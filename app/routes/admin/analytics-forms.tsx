import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { FunnelBars } from "~/components/admin/funnel-bars";
import { PeriodForm } from "~/components/admin/period-form";
import { StackedBars, type Series } from "~/components/admin/stacked-bars";
import { FORM_OF_KIND } from "~/lib/analytics/form-of-page";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import { FIELD_LABELS } from "~/lib/forms/field-labels";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import type { FormFunnels } from "~/lib/platform/api/form-funnels-contract";
import { LEAD_KINDS } from "~/lib/platform/api/lead-kinds";
import { adminTitle, requirePage, staffCall } from "./analytics-forms.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-forms");
  const now = Date.now();
  const period = figuresPeriod(new URL(request.url), now);
  const funnels = await staffCall(context, () => context.staffApi.as(staff.token).get("formFunnels", { query: { from: period.from, to: period.to } }));
  return { funnels: funnels.result, period, presets: presets(now), title: await adminTitle(request, "menu.analytics-forms") };
}

// Colour-blind-safe (Okabe–Ito), each with 3:1 contrast against white: the dashboard's.
const COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00"];
const STEPS = ["views", "started", "submitted", "accepted", "delivered"] as const;
type Funnel = FormFunnels["funnels"][number];

export default function FormFunnelsPage() {
  const { funnels, period, presets: quick } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const number = new Intl.NumberFormat(i18n.language);
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const kindLabel = (kind: string) => t(`kinds.${kind}`);
  // The field as the visitor's form labels it, in the staff member's language (the site's own words, en and tr).
  const fieldLabel = (kind: Funnel["kind"], field: string) => {
    const key = FIELD_LABELS[FORM_OF_KIND[kind]][field];
    return key ? t(key, { ns: "common" }) : field;
  };
  const duration = (seconds: number | null) =>
    seconds === null
      ? t("formFunnels.none")
      : seconds < 60
        ? t("formFunnels.seconds", { count: seconds })
        : t("formFunnels.minutes", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  const kinds: Series[] = LEAD_KINDS.map((k, i) => ({ key: k, label: kindLabel(k), color: COLORS[i] }));
  const langs: Series[] = LANGUAGE_CODES.map((l, i) => ({ key: l, label: t(`siteLanguages.${l}`), color: COLORS[i] }));
  const days = funnels.leads.map((d) => d.day);
  const total = funnels.leads.reduce((sum, d) => sum + Object.values(d.byKind).reduce((a, b) => a + b, 0), 0);
  const shownKinds = LEAD_KINDS.filter((kind) => funnels.funnels.some((f) => f.kind === kind));
  return (
    <section className="admin-page">
      <h1>{t("formFunnels.title")}</h1>
      <PeriodForm id="form-funnels" period={period} quick={quick} />
      <div className="admin-panel">
        <h2>{t("formFunnels.about")}</h2>
        <p>{t("formFunnels.consent")}</p>
        <p>{t("formFunnels.javascript")}</p>
      </div>
      {shownKinds.length === 0 ? (
        <div className="admin-panel">
          <p>{t("formFunnels.empty")}</p>
        </div>
      ) : null}
      {shownKinds.map((kind) => {
        const rows = funnels.funnels.filter((f) => f.kind === kind);
        const sum = Object.fromEntries(STEPS.map((step) => [step, rows.reduce((n, f) => n + f[step], 0)])) as Record<(typeof STEPS)[number], number>;
        const form = kindLabel(kind);
        return (
          <div className="admin-panel" key={kind} data-form={kind}>
            <h2>{t("formFunnels.formTitle", { form })}</h2>
            <FunnelBars
              title={t("formFunnels.chart", { form, views: sum.views, delivered: sum.delivered })}
              steps={STEPS.map((step) => ({ label: t(`formFunnels.${step}`), value: sum[step] }))}
            />
            <AdminTable
              caption={t("formFunnels.formTitle", { form })}
              stack
              columns={[t("formFunnels.language"), ...STEPS.map((step) => t(`formFunnels.${step}`)), t("formFunnels.medianFill")]}
            >
              {rows.map((f) => (
                <tr key={f.lang} data-funnel={`${f.kind}/${f.lang}`}>
                  <th scope="row">{t(`siteLanguages.${f.lang}`)}</th>
                  {STEPS.map((step) => (
                    <td key={step} data-label={t(`formFunnels.${step}`)} data-step={step}>
                      {number.format(f[step])}
                    </td>
                  ))}
                  <td data-label={t("formFunnels.medianFill")} data-step="medianSeconds" data-seconds={f.medianSeconds ?? ""}>
                    {duration(f.medianSeconds)}
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        );
      })}
      <div className="admin-panel">
        <h2>{t("formFunnels.stops")}</h2>
        <p>{t("formFunnels.stopsIntro")}</p>
        {funnels.stops.length === 0 ? (
          <p>{t("formFunnels.noStops")}</p>
        ) : (
          <AdminTable caption={t("formFunnels.stops")} stack columns={[t("formFunnels.form"), t("formFunnels.field"), t("formFunnels.visitors")]}>
            {funnels.stops.map((stop) => (
              <tr key={`${stop.kind} ${stop.field}`} data-stop={`${stop.kind}/${stop.field}`}>
                <th scope="row">{kindLabel(stop.kind)}</th>
                <td data-label={t("formFunnels.field")}>{fieldLabel(stop.kind, stop.field)}</td>
                <td data-label={t("formFunnels.visitors")}>{number.format(stop.count)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      <div className="admin-panel">
        <h2>{t("formFunnels.errors")}</h2>
        {funnels.errors.length === 0 ? (
          <p>{t("formFunnels.noErrors")}</p>
        ) : (
          <AdminTable
            caption={t("formFunnels.errors")}
            stack
            columns={[t("formFunnels.form"), t("formFunnels.field"), t("formFunnels.message"), t("formFunnels.times")]}
          >
            {funnels.errors.map((error) => (
              <tr key={`${error.kind} ${error.field} ${error.code}`} data-error={`${error.kind}/${error.field}/${error.code}`}>
                <th scope="row">{kindLabel(error.kind)}</th>
                <td data-label={t("formFunnels.field")}>{fieldLabel(error.kind, error.field)}</td>
                <td data-label={t("formFunnels.message")}>{t([`forms.errors.${error.code}`, `career.errors.${error.code}`, error.code], { ns: "common" })}</td>
                <td data-label={t("formFunnels.times")}>{number.format(error.count)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
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
      </div>
      <details className="admin-panel">
        <summary>{t("formFunnels.asTable")}</summary>
        <AdminTable caption={t("formFunnels.perDayByKind")} columns={[t("formFunnels.day"), ...kinds.map((k) => k.label)]}>
          {funnels.leads.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day)}</th>
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
