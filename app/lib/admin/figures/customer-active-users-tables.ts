import type { CustomerActiveUsers } from "~/lib/platform/api/customer-active-users-contract";
import type { FigureTable, Translate } from "./figure-table";

/**
 * The patients' visits page's tables (ADR 055): visitors who sent a lead per day, by language and by
 * form, and the linked leads. The page shows each lead with its patient's name; the export names the
 * patient and the lead by id only, so the file is figures, not a list of patients.
 */
export function customerActiveUsersTables(figures: CustomerActiveUsers, t: Translate): FigureTable[] {
  const visitors = { key: "visitors", label: t("customerActiveUsers.visitors"), kind: "number" } as const;
  const counts = [
    ["byLanguage", (key: string) => t(`siteLanguages.${key}`, { defaultValue: key })],
    ["byKind", (key: string) => t(`kinds.${key}`, { defaultValue: key })],
  ] as const;
  return [
    {
      id: "perDay",
      title: t("customerActiveUsers.perDay"),
      columns: [{ key: "day", label: t("customerActiveUsers.day"), kind: "day" }, visitors],
      rows: figures.days.map((d) => ({ key: d.day, cells: [d.day, d.visitors] })),
    },
    ...counts.map(([id, label]): FigureTable => ({
      id,
      title: t(`customerActiveUsers.${id}`),
      empty: t("customerActiveUsers.empty"),
      columns: [{ key: "key", label: t(`customerActiveUsers.${id}`), kind: "label" }, visitors],
      rows: figures[id].map((row) => ({ key: row.key, cells: [label(row.key), row.visitors] })),
    })),
    {
      id: "customers",
      title: t("customerActiveUsers.list"),
      columns: [
        { key: "patient", label: t("customerActiveUsers.patientId"), kind: "label" },
        { key: "lead", label: t("customerActiveUsers.leadId"), kind: "text" },
        { key: "kind", label: t("customerActiveUsers.kind"), kind: "text" },
        { key: "language", label: t("customerActiveUsers.language"), kind: "text" },
        { key: "leadAt", label: t("customerActiveUsers.lead"), kind: "text" },
        { key: "firstSeen", label: t("customerActiveUsers.firstSeen"), kind: "text" },
        { key: "visitsBefore", label: t("customerActiveUsers.visitsBefore"), kind: "number" },
        { key: "viewsBefore", label: t("customerActiveUsers.viewsBefore"), kind: "number" },
        { key: "visitsAfter", label: t("customerActiveUsers.visitsAfter"), kind: "number" },
        { key: "viewsAfter", label: t("customerActiveUsers.viewsAfter"), kind: "number" },
        { key: "entryPage", label: t("customerActiveUsers.entryPage"), kind: "text" },
        { key: "referrer", label: t("customerActiveUsers.referrer"), kind: "text" },
        { key: "campaign", label: t("customerActiveUsers.campaign"), kind: "text" },
        { key: "daysToLead", label: t("customerActiveUsers.daysToLead"), kind: "number" },
      ],
      rows: figures.customers.map((c) => ({
        key: String(c.leadId),
        cells: [
          c.patient ? String(c.patient.id) : null,
          String(c.leadId),
          t(`kinds.${c.kind}`, { defaultValue: c.kind }),
          t(`siteLanguages.${c.language}`),
          c.leadAt,
          c.firstSeen,
          c.before.visits,
          c.before.views,
          c.after.visits,
          c.after.views,
          c.entryPage,
          c.referrer,
          c.campaign,
          c.daysToLead,
        ],
      })),
    },
  ];
}
