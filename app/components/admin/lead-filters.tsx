import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DayFilter, FilterActions, FilterField } from "~/components/admin/filter-parts";
import type { LeadFilters } from "~/lib/admin/lead-filters";
import { statusKey } from "~/lib/admin/lead-status";
import { LEAD_KINDS, LEAD_SORTS, LEAD_STATUSES } from "~/lib/platform/api/admin-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";

/** The inbox's filters: a GET form, so a filtered list is an address to reload, bookmark or share. */
export function LeadFilterForm({ filters }: { filters: LeadFilters }) {
  const { t } = useTranslation("admin");
  const select = (name: "kind" | "status" | "language", options: readonly string[], label: (value: string) => string) => (
    <FilterField id={`filter-${name}`} label={t(`leads.${name}`)}>
      <select id={`filter-${name}`} name={name} defaultValue={filters[name] ?? ""}>
        <option value="">{t("leads.any")}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {label(value)}
          </option>
        ))}
      </select>
    </FilterField>
  );
  return (
    // A new search starts at page 1: the form carries no pageIndex. The key resets the fields when the address changes.
    <Form method="get" className="admin-panel" role="search" aria-labelledby="lead-filters-title" key={JSON.stringify(filters)}>
      <h2 id="lead-filters-title">{t("leads.filters")}</h2>
      <div className="admin-filters">
        {select("kind", LEAD_KINDS, (k) => t(`kinds.${k}`))}
        {select("status", LEAD_STATUSES, (s) => t(statusKey(s)))}
        {select("language", LANGUAGE_CODES, (l) => t(`siteLanguages.${l}`))}
        <DayFilter id="filter-from" name="from" label={t("leads.from")} value={filters.from} />
        <DayFilter id="filter-to" name="to" label={t("leads.to")} value={filters.to} />
        <FilterField id="filter-q" label={t("leads.search")}>
          <input id="filter-q" name="q" type="search" maxLength={100} defaultValue={filters.q ?? ""} />
        </FilterField>
        <FilterField id="filter-sort" label={t("pipeline.sort.label")}>
          <select id="filter-sort" name="sort" defaultValue={filters.sort ?? "received"}>
            {LEAD_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`pipeline.sort.${value}`)}
              </option>
            ))}
          </select>
        </FilterField>
        {/* The view is chosen by its links above the list; a new search keeps it. */}
        {filters.view ? <input type="hidden" name="view" value={filters.view} /> : null}
        <FilterActions apply={t("leads.apply")} clear={t("leads.clear")} clearTo="/admin/leads" />
      </div>
    </Form>
  );
}
