import type { TFunction } from "i18next";
import { staffDay } from "~/lib/admin/clinic-day";
import { statusKey } from "~/lib/admin/lead-status";
import { staffDateTime } from "~/lib/admin/staff-time";
import type { LeadHistoryEntry } from "~/lib/platform/api/admin-contract";

/** A history value in the reader's words: a status by its label, a day on their calendar, nobody and none said. */
function valueWords(t: TFunction, lang: string, field: LeadHistoryEntry["field"], value: string | null): string | null {
  if (value === null) return field === "entered" ? null : field === "assignee" ? t("pipeline.history.nobody") : t("pipeline.history.none_value");
  if (field === "status") return t(statusKey(value));
  if (field === "followUpOn") return staffDay(lang, value);
  if (field === "entered") return t(`leads.sources.${value}`, { defaultValue: value });
  return value;
}

/** The lead's history as its page shows it (times formatted by the loader, ADR 041). */
export const historyLines = (t: TFunction, lang: string, history: LeadHistoryEntry[]) =>
  history.map((h) => ({
    at: h.at,
    when: staffDateTime(lang, h.at),
    actor: h.actor?.name ?? null,
    field: h.field,
    from: valueWords(t, lang, h.field, h.from),
    to: valueWords(t, lang, h.field, h.to),
  }));
