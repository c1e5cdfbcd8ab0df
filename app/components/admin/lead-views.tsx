import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { filterSearch, type LeadFilters } from "~/lib/admin/lead-filters";
import { statusKey } from "~/lib/admin/lead-status";
import { BULK_LIMIT, LEAD_STATUSES, LEAD_VIEWS } from "~/lib/platform/api/admin-contract";

/** The inbox's views as links (filters in the address, the others kept), the board, and entering a lead by hand. */
export function LeadViews({ filters, canWrite }: { filters: LeadFilters; canWrite: boolean }) {
  const { t } = useTranslation("admin");
  const href = (view: string | undefined) => `/admin/leads${filterSearch({ ...filters, view })}`;
  return (
    <div className="admin-actions admin-lead-views">
      <nav aria-label={t("pipeline.views.label")}>
        <ul>
          {[undefined, ...LEAD_VIEWS].map((view) => (
            <li key={view ?? "all"}>
              <Link to={href(view)} aria-current={filters.view === view ? "page" : undefined}>
                {t(`pipeline.views.${view ?? "all"}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/admin/leads/board" className="button button-secondary">
        {t("pipeline.board.link")}
      </Link>
      {canWrite ? (
        <Link to="/admin/leads/new" className="button button-secondary">
          {t("pipeline.new.link")}
        </Link>
      ) : null}
    </div>
  );
}

/** One form for the ticked rows (their boxes name it with `form`): assign them, move them, or both. */
export function LeadBulkForm({ assignees, back }: { assignees: { id: number; name: string }[]; back: string }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post" action="/admin/leads/bulk" id="lead-bulk" className="admin-panel admin-bulk" aria-labelledby="lead-bulk-title">
      <h2 id="lead-bulk-title">{t("pipeline.bulk.title")}</h2>
      <AuthenticityTokenInput />
      <input type="hidden" name="back" value={back} />
      <p className="admin-muted">{t("pipeline.bulk.limit", { limit: BULK_LIMIT })}</p>
      <div className="admin-filters">
        <div className="admin-row-form">
          <label htmlFor="bulk-assignee">{t("pipeline.bulk.assignTo")}</label>
          <select id="bulk-assignee" name="assigneeId" defaultValue="">
            <option value="">{t("pipeline.bulk.keep")}</option>
            <option value="none">{t("leads.nobody")}</option>
            {assignees.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-row-form">
          <label htmlFor="bulk-status">{t("pipeline.bulk.moveTo")}</label>
          <select id="bulk-status" name="status" defaultValue="">
            <option value="">{t("pipeline.bulk.keep")}</option>
            {/* Lost asks why, one lead at a time on its page. */}
            {LEAD_STATUSES.filter((s) => s !== "lost").map((s) => (
              <option key={s} value={s}>
                {t(statusKey(s))}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button button-primary">
        {t("pipeline.bulk.apply")}
      </button>
    </Form>
  );
}
