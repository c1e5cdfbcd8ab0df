import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { LeadFilters } from "~/lib/admin/lead-filters";
import { LEAD_KINDS, LEAD_STATUSES } from "~/lib/platform/api/admin-contract";
import { LANGUAGE_CODES } from "~/lib/platform/api/contract";

/** The inbox's filters: a GET form, so a filtered list is an address to reload, bookmark or share. */
export function LeadFilterForm({ filters }: { filters: LeadFilters }) {
  const { t } = useTranslation("admin");
  const select = (name: "kind" | "status" | "language", options: readonly string[], label: (value: string) => string) => (
    <div>
      <label htmlFor={`filter-${name}`}>{t(`leads.${name}`)}</label>
      <select id={`filter-${name}`} name={name} defaultValue={filters[name] ?? ""}>
        <option value="">{t("leads.any")}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {label(value)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    // A new search starts at page 1: the form carries no pageIndex. The key resets the fields when the address changes.
    <Form method="get" className="admin-panel" role="search" aria-labelledby="lead-filters-title" key={JSON.stringify(filters)}>
      <h2 id="lead-filters-title">{t("leads.filters")}</h2>
      <div className="admin-filters">
        {select("kind", LEAD_KINDS, (k) => t(`kinds.${k}`))}
        {select("status", LEAD_STATUSES, (s) => t(`statuses.${s}`))}
        {select("language", LANGUAGE_CODES, (l) => t(`siteLanguages.${l}`))}
        <div>
          <label htmlFor="filter-from">{t("leads.from")}</label>
          <input id="filter-from" name="from" type="date" defaultValue={filters.from ?? ""} />
        </div>
        <div>
          <label htmlFor="filter-to">{t("leads.to")}</label>
          <input id="filter-to" name="to" type="date" defaultValue={filters.to ?? ""} />
        </div>
        <div>
          <label htmlFor="filter-q">{t("leads.search")}</label>
          <input id="filter-q" name="q" type="search" maxLength={100} defaultValue={filters.q ?? ""} />
        </div>
        <div className="admin-actions admin-filters-submit">
          <button type="submit" className="button button-primary">
            {t("leads.apply")}
          </button>
          <Link to="/admin/leads">{t("leads.clear")}</Link>
        </div>
      </div>
    </Form>
  );
}
