import { LANGUAGE_CODES } from "~/lib/platform/api/contract";
import type { FormFunnels } from "~/lib/platform/api/form-funnels-contract";
import { LEAD_KINDS } from "~/lib/platform/api/lead-kinds";
import type { FigureColumn, FigureTable, Translate } from "./figure-table";

export const FUNNEL_STEPS = ["views", "started", "submitted", "accepted", "delivered"] as const;

type Funnel = FormFunnels["funnels"][number];

/**
 * The forms the funnels show, in the report's order: each built-in kind, then each built form (ADR
 * 065) by its id, titled by its name. `id` names its table (and the page's panel).
 */
export function funnelForms(funnels: FormFunnels, t: Translate): { id: string; name: string; rows: Funnel[] }[] {
  const forms = new Map<string, { id: string; name: string; rows: Funnel[] }>();
  for (const f of funnels.funnels) {
    const id = f.formId === null ? `funnel-${f.kind}` : `funnel-builtForm-${f.formId}`;
    const name = f.formId === null ? t(`kinds.${f.kind}`) : (f.name ?? t("formFunnels.formNumber", { id: f.formId }));
    const form = forms.get(id) ?? { id, name, rows: [] };
    form.rows.push(f);
    forms.set(id, form);
  }
  return [...forms.values()];
}

/**
 * The form funnels page's tables (ADR 054): one funnel per form (a row per language), where visitors
 * stop, the errors they meet, and every lead per day by kind and by language.
 */
export function formFunnelTables(
  { funnels, fieldLabels, formLabels = {} }: { funnels: FormFunnels; fieldLabels: Record<string, string>; formLabels?: Record<string, string> },
  t: Translate,
): FigureTable[] {
  const kindLabel = (kind: string) => t(`kinds.${kind}`);
  const forms = funnelForms(funnels, t);
  const formName = (kind: string, formId: number | null) =>
    formId === null ? kindLabel(kind) : (forms.find((form) => form.id === `funnel-builtForm-${formId}`)?.name ?? t("formFunnels.formNumber", { id: formId }));
  // The field as the visitor's form labels it, in the staff member's language: a built-in form's by the key the loader
  // looked up (the site's own words, en and tr), a built form's by its own label (the loader's too); else its name.
  const fieldLabel = (kind: string, formId: number | null, field: string) => {
    if (formId !== null) return formLabels[`${formId}/${field}`] ?? field;
    const key = fieldLabels[`${kind}/${field}`];
    return key ? t(key, { ns: "common" }) : field;
  };
  // A built-in form's row keeps its `kind/…` key; a built form's names its id.
  const rowKey = (kind: string, formId: number | null) => (formId === null ? kind : `${kind}-${formId}`);
  const perForm = forms.map((form): FigureTable => ({
    id: form.id,
    title: t("formFunnels.formTitle", { form: form.name }),
    stack: true,
    columns: [
      { key: "language", label: t("formFunnels.language"), kind: "label" },
      ...FUNNEL_STEPS.slice(0, 3).map((step): FigureColumn => ({ key: step, label: t(`formFunnels.${step}`), kind: "number" })),
      { key: "refused", label: t("formFunnels.refused"), kind: "number" },
      ...FUNNEL_STEPS.slice(3).map((step): FigureColumn => ({ key: step, label: t(`formFunnels.${step}`), kind: "number" })),
      { key: "medianSeconds", label: t("formFunnels.medianFill"), kind: "seconds" },
    ],
    rows: form.rows.map((f) => ({
      key: f.lang,
      cells: [
        t(`siteLanguages.${f.lang}`),
        ...FUNNEL_STEPS.slice(0, 3).map((step) => f[step]),
        f.refused,
        ...FUNNEL_STEPS.slice(3).map((step) => f[step]),
        f.medianSeconds,
      ],
    })),
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
      rows: funnels.stops.map((stop) => ({
        key: `${rowKey(stop.kind, stop.formId)}/${stop.field}`,
        cells: [formName(stop.kind, stop.formId), fieldLabel(stop.kind, stop.formId, stop.field), stop.count],
      })),
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
        key: `${rowKey(error.kind, error.formId)}/${error.field}/${error.code}`,
        cells: [
          formName(error.kind, error.formId),
          fieldLabel(error.kind, error.formId, error.field),
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
