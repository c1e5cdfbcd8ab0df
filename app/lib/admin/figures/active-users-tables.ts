import type { ActiveUsers } from "~/lib/platform/api/analytics-contract";
import type { FigureTable, Translate } from "./figure-table";

/** The count tables, in the page's order. */
const COUNTS = ["byLanguage", "topPages", "entryPages", "referrers", "campaigns", "devices", "browsers"] as const satisfies readonly (keyof ActiveUsers)[];

/** The active-users page's tables (ADR 050): visitors per day, then views per language, page, entry page, referrer, campaign, device and browser. */
export function activeUsersTables(users: ActiveUsers, t: Translate): FigureTable[] {
  const keyLabel = (table: (typeof COUNTS)[number], key: string) => {
    if (table === "byLanguage") return t(`siteLanguages.${key}`, { defaultValue: key });
    if (table === "devices") return t(`activeUsers.device.${key}`, { defaultValue: key });
    return key;
  };
  const perDay: FigureTable = {
    id: "perDay",
    title: t("activeUsers.perDay"),
    stack: true,
    columns: [
      { key: "day", label: t("activeUsers.day"), kind: "day" },
      { key: "dau", label: t("activeUsers.dau"), kind: "number" },
      { key: "wau", label: t("activeUsers.wau"), kind: "number" },
      { key: "mau", label: t("activeUsers.mau"), kind: "number" },
      { key: "views", label: t("activeUsers.views"), kind: "number" },
    ],
    rows: users.days.map((d) => ({ key: d.day, cells: [d.day, d.dau, d.wau, d.mau, d.views] })),
  };
  const counts = COUNTS.map((table): FigureTable => ({
    id: table,
    title: t(`activeUsers.${table}`),
    empty: t("activeUsers.empty"),
    columns: [
      { key: "key", label: t(`activeUsers.${table}`), kind: "label" },
      { key: "views", label: t("activeUsers.views"), kind: "number" },
    ],
    rows: users[table].map((row) => ({ key: row.key, cells: [keyLabel(table, row.key), row.views] })),
  }));
  return [perDay, ...counts];
}
