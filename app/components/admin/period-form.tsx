import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterField } from "~/components/admin/filter-parts";
import type { FiguresPeriod, presets } from "~/lib/admin/figures-period";

/**
 * The figures pages' period: a plain GET form (a period is an address to reload or share, and works
 * without JavaScript), the refused period shown back as typed, and the quick periods as links.
 * `id` keeps each page's field ids its own.
 */
export function PeriodForm({ id, period, quick }: { id: string; period: FiguresPeriod; quick: ReturnType<typeof presets> }) {
  const { t } = useTranslation("admin");
  const shown = period.typed ?? period;
  const error = `${id}-period-error`;
  const describedBy = period.typed ? error : undefined;
  return (
    <Form method="get" className="admin-panel" role="search" aria-labelledby={`${id}-period-title`}>
      <h2 id={`${id}-period-title`}>{t("customerFigures.period")}</h2>
      {period.typed ? (
        <p role="alert" id={error}>
          {t("customerFigures.invalid")}
        </p>
      ) : null}
      <div className="admin-filters">
        <FilterField id={`${id}-from`} label={t("customerFigures.from")}>
          <input id={`${id}-from`} name="from" type="date" defaultValue={shown.from} aria-describedby={describedBy} />
        </FilterField>
        <FilterField id={`${id}-to`} label={t("customerFigures.to")}>
          <input id={`${id}-to`} name="to" type="date" defaultValue={shown.to} aria-describedby={describedBy} />
        </FilterField>
        <div className="admin-actions admin-filters-submit">
          <button type="submit" className="button button-primary">
            {t("customerFigures.show")}
          </button>
        </div>
      </div>
      <p className="admin-presets">
        {t("customerFigures.presets")}:{" "}
        {(["last30", "last90", "thisYear"] as const).map((p) => (
          <Link key={p} to={`?from=${quick[p].from}&to=${quick[p].to}`}>
            {t(`customerFigures.${p}`)}
          </Link>
        ))}
      </p>
    </Form>
  );
}
