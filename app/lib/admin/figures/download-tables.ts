import type { DownloadFigures } from "~/lib/platform/api/downloads-contract";
import type { FigureTable, Translate } from "./figure-table";

/** The downloads page's tables (ADR 052): per week, then per document, language and week. */
export function downloadTables(figures: DownloadFigures, t: Translate): FigureTable[] {
  const counts = [
    { key: "with-consent", label: t("downloads.withConsent"), kind: "number" },
    { key: "without-consent", label: t("downloads.withoutConsent"), kind: "number" },
    { key: "visitors", label: t("downloads.visitors"), kind: "number" },
  ] as const;
  return [
    {
      id: "perWeek",
      title: t("downloads.perWeek"),
      columns: [{ key: "week", label: t("customerFigures.week"), kind: "week" }, ...counts],
      rows: figures.weeks.map((w) => ({ key: w.week, cells: [w.week, w.withConsent, w.withoutConsent, w.visitors] })),
    },
    {
      id: "perDocument",
      title: t("downloads.perDocument"),
      stack: true,
      empty: t("downloads.none"),
      columns: [
        { key: "document", label: t("downloads.document"), kind: "label" },
        { key: "language", label: t("downloads.language"), kind: "text" },
        { key: "week", label: t("customerFigures.week"), kind: "week" },
        ...counts,
      ],
      rows: figures.rows.map((row) => ({
        key: `${row.document}/${row.language}/${row.week}`,
        cells: [
          t(`downloads.documents.${row.document}`, { defaultValue: row.document }),
          t(`siteLanguages.${row.language}`),
          row.week,
          row.withConsent,
          row.withoutConsent,
          row.visitors,
        ],
      })),
    },
  ];
}
