import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A GET filter form's field: its label over its control (`admin-filters` lays them out). */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A calendar day (the clinic's), as the address carries it. */
export function DayFilter({ id, name, label, value }: { id: string; name: string; label: string; value: string | undefined }) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} name={name} type="date" defaultValue={value ?? ""} />
    </FilterField>
  );
}

/** Apply, and the list without filters. */
export function FilterActions({ apply, clear, clearTo }: { apply: string; clear: string; clearTo: string }) {
  return (
    <div className="admin-actions admin-filters-submit">
      <button type="submit" className="button button-primary">
        {apply}
      </button>
      <Link to={clearTo}>{clear}</Link>
    </div>
  );
}

/** What the address asked for that could not be applied, by the labels of its fields; nothing when all was. */
export function NotApplied({ labels }: { labels: string[] }) {
  const { t } = useTranslation("admin");
  if (labels.length === 0) return null;
  return (
    <p className="admin-panel form-alert" role="alert">
      {t("filters.notApplied", { fields: labels.join(", ") })}
    </p>
  );
}
