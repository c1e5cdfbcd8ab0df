import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import type { FormFunnels } from "~/lib/platform/api/form-funnels-contract";
import { LEAD_KINDS } from "~/lib/platform/api/lead-kinds";
import type { FigureColumn, FigureTable, Translate } from "./figure-table";

export const FUNNEL_STEPS = ["views", "started", "submitted", "accepted", "delivered"] as const;

/**
 * The form funnels page's tables (ADR 054): one funnel per form (a row per language), where visitors
 * stop, the errors they meet, and every lead per day by kind and by language.
 */
export function formFunnelTables({ funnels, fieldLabels }: { funnels: FormFunnels; fieldLabels: Record<string, string> }, t: Translate): FigureTable[] {
  const kindLabel = (kind: string) => t(`kinds.${kind}`);
  // The field as the visitor's form labels it (its key looked up by the loader), in the staff member's language (the site's own words, en and tr).
  const fieldLabel = (kind: string, field: string) => {
    const key = fieldLabels[`${kind}/${field}`];
    return key ? t(key, { ns: "common" }) : field;
  };
  const shownKinds = LEAD_KINDS.filter((kind) => funnels.funnels.some((f) => f.kind === kind));
  const perForm = shownKinds.map((kind): FigureTable => ({
    id: `funnel-${kind}`,
    title: t("formFunnels.formTitle", { form: kindLabel(kind) }),
    stack: true,
    columns: [
      { key: "language", label: t("formFunnels.language"), kind: "label" },
      ...FUNNEL_STEPS.map((step): FigureColumn => ({ key: step, label: t(`formFunnels.${step}`), kind: "number" })),
      { key: "medianSeconds", label: t("formFunnels.medianFill"), kind: "seconds" },
    ],
    rows: funnels.funnels
      .filter((f) => f.kind === kind)
      .map((f) => ({ key: f.lang, cells: [t(`siteLanguages.${f.lang}`), ...FUNNEL_STEPS.map((step) => f[step]), f.medianSeconds] })),
  }));
  const perDay = (
    id: string,
    title: string,
    series: readonly string[],
    label: (key: string) => string,
    of: (d: FormFunnels["leads"][number]) => Record<string, number>,
  ) => ({
    id,
    title,
    columns: [
      { key: "day", label: t("formFunnels.day"), kind: "day" as const },
      ...series.map((key): FigureColumn => ({ key, label: label(key), kind: "number" })),
    ],
    rows: funnels.leads.map((d) => ({ key: d.day, cells: [d.day, ...series.map((key) => of(d)[key] ?? 0)] })),
  });
  return [
    ...perForm,
    {
      id: "stops",
      title: t("formFunnels.stops"),
      stack: true,
      empty: t("formFunnels.noStops"),
      columns: [
        { key: "form", label: t("formFunnels.form"), kind: "label" },
        { key: "field", label: t("formFunnels.field"), kind: "text" },
        { key: "visitors", label: t("formFunnels.visitors"), kind: "number" },
      ],
      rows: funnels.stops.map((stop) => ({ key: `${stop.kind}/${stop.field}`, cells: [kindLabel(stop.kind), fieldLabel(stop.kind, stop.field), stop.count] })),
    },
    {
      id: "errors",
      title: t("formFunnels.errors"),
      stack: true,
      empty: t("formFunnels.noErrors"),
      columns: [
        { key: "form", label: t("formFunnels.form"), kind: "label" },
        { key: "field", label: t("formFunnels.field"), kind: "text" },
        { key: "message", label: t("formFunnels.message"), kind: "text" },
        { key: "times", label: t("formFunnels.times"), kind: "number" },
      ],
      rows: funnels.errors.map((error) => ({
        key: `${error.kind}/${error.field}/${error.code}`,
        cells: [
          kindLabel(error.kind),
          fieldLabel(error.kind, error.field),
          t([`forms.errors.${error.code}`, `career.errors.${error.code}`, error.code], { ns: "common" }),
          error.count,
        ],
      })),
    },
    perDay("leadsByKind", t("formFunnels.perDayByKind"), LEAD_KINDS, kindLabel, (d) => d.byKind),
    perDay(
      "leadsByLanguage",
      t("formFunnels.perDayByLanguage"),
      LANGUAGE_CODES,
      (l) => t(`siteLanguages.${l}`),
      (d) => d.byLanguage,
    ),
  ];
}
