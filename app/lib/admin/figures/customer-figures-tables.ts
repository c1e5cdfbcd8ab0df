import type { z } from "zod";
import type { CustomerFiguresSchema } from "~/lib/platform/api/admin-contract";
import { ratio, type FigureColumn, type FigureTable, type Translate } from "./figure-table";

type CustomerFigures = z.infer<typeof CustomerFiguresSchema>["result"];
type Names = { country: Record<string, string>; treatment: Record<string, string> };

/** The patients-and-conversion page's tables (ADR 049): per week, the stages reached, per coordinator, country, treatment and language, and the hand-entered leads by source. */
export function customerFiguresTables({ figures, names }: { figures: CustomerFigures; names: Names }, t: Translate): FigureTable[] {
  const groupColumns = (label: string): FigureColumn[] => [
    { key: "key", label, kind: "label" },
    { key: "leads", label: t("customerFigures.leads"), kind: "number" },
    { key: "patients", label: t("customerFigures.patients"), kind: "number" },
    { key: "conversion", label: t("customerFigures.conversion"), kind: "percent" },
    { key: "medianAnswer", label: t("customerFigures.medianAnswer"), kind: "minutes" },
  ];
  const unknown = t("customerFigures.unknown");
  const groups = [
    ["byCoordinator", figures.byCoordinator, (k: string) => k || t("customerFigures.unassigned")],
    ["byCountry", figures.byCountry, (k: string) => (k ? (names.country[k] ?? k) : unknown)],
    ["byTreatment", figures.byTreatment, (k: string) => (k ? (names.treatment[k] ?? k) : unknown)],
    ["byLanguage", figures.byLanguage, (k: string) => (k ? t(`siteLanguages.${k}`, { defaultValue: k }) : unknown)],
  ] as const;
  return [
    {
      id: "perWeek",
      title: t("customerFigures.perWeek"),
      columns: [
        { key: "week", label: t("customerFigures.week"), kind: "day" },
        { key: "leads", label: t("customerFigures.leads"), kind: "number" },
        { key: "patients", label: t("customerFigures.patients"), kind: "number" },
      ],
      rows: figures.weeks.map((w) => ({ key: w.week, cells: [w.week, w.leads, w.patients] })),
    },
    {
      id: "funnel",
      title: t("customerFigures.funnel"),
      columns: [
        { key: "stage", label: t("customerFigures.stage"), kind: "label" },
        { key: "reached", label: t("customerFigures.reached"), kind: "number" },
        { key: "conversion", label: t("customerFigures.conversion"), kind: "percent" },
      ],
      rows: figures.funnel.map((s) => ({ key: s.stage, cells: [t(`statuses.${s.stage}`), s.count, ratio(s.count, figures.leads)] })),
    },
    ...groups.map(([id, rows, label]): FigureTable => ({
      id,
      title: t(`customerFigures.${id}`),
      stack: true,
      columns: groupColumns(t(`customerFigures.${id}`)),
      rows: rows.map((row) => ({
        key: row.key,
        cells: [label(row.key), row.leads, row.patients, ratio(row.patients, row.leads), row.medianFirstAnswerMinutes],
      })),
    })),
    {
      id: "handEntered",
      title: t("customerFigures.handEntered"),
      columns: [
        { key: "source", label: t("customerFigures.source"), kind: "label" },
        { key: "count", label: t("customerFigures.count"), kind: "number" },
      ],
      rows: figures.handEnteredBySource.map((s) => ({
        key: s.source ?? "",
        cells: [s.source ? t(`leads.sources.${s.source}`, { defaultValue: s.source }) : unknown, s.count],
      })),
    },
  ];
}
