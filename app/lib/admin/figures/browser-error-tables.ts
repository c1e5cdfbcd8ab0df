import type { BrowserErrorGroup } from "~/lib/platform/api/browser-errors-contract";
import type { FigureTable, Translate } from "./figure-table";

/**
 * The browser errors page's tables (ADR 051): reports per day, and the groups. The page shows each
 * group as a panel with its stack; the export gives one row per group.
 */
export function browserErrorTables({ days, groups }: { days: { day: string; count: number }[]; groups: BrowserErrorGroup[] }, t: Translate): FigureTable[] {
  return [
    {
      id: "perDay",
      title: t("browserErrors.perDay"),
      columns: [
        { key: "day", label: t("dashboard.day"), kind: "day" },
        { key: "count", label: t("browserErrors.reports"), kind: "number" },
      ],
      rows: days.map((d) => ({ key: d.day, cells: [d.day, d.count] })),
    },
    {
      id: "groups",
      title: t("browserErrors.groups", { count: groups.length }),
      columns: [
        { key: "type", label: t("browserErrors.type"), kind: "label" },
        { key: "message", label: t("browserErrors.message"), kind: "text" },
        { key: "where", label: t("browserErrors.where"), kind: "text" },
        { key: "count", label: t("browserErrors.inPeriod"), kind: "number" },
        { key: "total", label: t("browserErrors.total"), kind: "number" },
        { key: "firstSeen", label: t("browserErrors.firstSeen"), kind: "text" },
        { key: "lastSeen", label: t("browserErrors.lastSeen"), kind: "text" },
        { key: "resolved", label: t("browserErrors.resolvedAt"), kind: "text" },
      ],
      rows: groups.map((g) => ({
        key: g.fingerprint,
        cells: [g.type, g.message, g.topFrame, g.count, g.total, g.firstSeen, g.lastSeen, g.resolved?.at ?? null],
      })),
    },
  ];
}
