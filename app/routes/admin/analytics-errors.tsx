import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { PeriodForm } from "~/components/admin/period-form";
import { figureCsvHref, FigureTableView } from "~/components/admin/figure-table";
import { BrowserErrorGroupPanel } from "~/components/admin/browser-error-group";
import { StackedBars } from "~/components/admin/stacked-bars";
import { figuresPeriod, presets } from "~/lib/admin/figures-period";
import { browserErrorTables } from "~/lib/admin/figures/browser-error-tables";
import { staffDateTime } from "~/lib/admin/staff-time";
import { FINGERPRINT } from "~/lib/platform/api/browser-errors-contract";
import { adminTitle, data, i18next, loadBrowserErrors, redirectWithToast, requirePage, requirePost, staffCall } from "./analytics-errors.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "analytics-errors");
  const now = Date.now();
  const url = new URL(request.url);
  const period = figuresPeriod(url, now);
  const errors = await loadBrowserErrors(request, context, staff, period);
  const lang = await i18next.getLocale(request);
  const when = (iso: string) => staffDateTime(lang, iso);
  const groups = errors.groups.map((group) => ({
    ...group,
    seen: { first: when(group.firstSeen), last: when(group.lastSeen) },
    resolvedWhen: group.resolved ? when(group.resolved.at) : null,
  }));
  return {
    groups,
    days: errors.days,
    retentionDays: errors.retentionDays,
    period,
    presets: presets(now),
    // Where a resolution's post comes back to: this page with its period.
    back: `/admin/analytics/errors${url.search}`,
    title: await adminTitle(request, "menu.analytics-errors"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { form, staff } = await requirePost(request, context, "analytics-errors");
  const fingerprint = String(form.get("fingerprint") ?? "");
  const resolved = form.get("resolved") === "1";
  const back = `/admin/analytics/errors${new URL(request.url).search}`;
  if (!FINGERPRINT.test(fingerprint)) return redirectWithToast(context, back, "admin:browserErrors.gone");
  const answer = await staffCall(context, () =>
    context.staffApi.as(staff.token).send("POST", `admin/analytics/errors/${fingerprint}/resolution`, { resolved }),
  );
  if (answer.status === 404) return redirectWithToast(context, back, "admin:browserErrors.gone");
  if (answer.status !== 204) throw data({ reason: "unavailable" }, { status: 503 });
  return redirectWithToast(context, back, resolved ? "admin:browserErrors.markedResolved" : "admin:browserErrors.markedOpen");
}

export default function BrowserErrors() {
  const { groups, days, retentionDays, period, presets: quick, back } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const dayLabel = (date: string) => new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(date));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const [perDay, groupRows] = browserErrorTables({ days, groups }, t);
  const csv = (table: string) => figureCsvHref("errors", table, period);
  return (
    <section className="admin-page">
      <h1>{t("browserErrors.title")}</h1>
      <p>{t("browserErrors.intro", { count: retentionDays })}</p>
      <PeriodForm id="errors" period={period} quick={quick} />
      <div className="admin-panel">
        <h2>{t("browserErrors.perDay")}</h2>
        <StackedBars
          title={t("browserErrors.chart", { count: total })}
          days={days.map((d) => d.day)}
          series={[{ key: "count", label: t("browserErrors.reports"), color: "#d55e00" }]}
          values={days.map((d) => ({ count: d.count }))}
          dayLabel={dayLabel}
        />
        <details>
          <summary>{t("dashboard.asTable")}</summary>
          <FigureTableView table={perDay} csvHref={csv(perDay.id)} />
        </details>
      </div>
      <h2>{t("browserErrors.groups", { count: groups.length })}</h2>
      {groups.length === 0 ? (
        <p>{t("browserErrors.none")}</p>
      ) : (
        <p className="admin-csv">
          <a href={csv(groupRows.id)} download>
            {t("figures.csv")}
            <span className="visually-hidden"> {groupRows.title}</span>
          </a>
        </p>
      )}
      {groups.map((group) => (
        <BrowserErrorGroupPanel key={group.fingerprint} group={group} back={back} />
      ))}
    </section>
  );
}

export const ErrorBoundary = AdminError;
