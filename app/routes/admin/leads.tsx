import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { LeadFilterForm } from "~/components/admin/lead-filters";
import { NotApplied } from "~/components/admin/filter-parts";
import { Pager } from "~/components/admin/pager";
import { LeadBulkForm, LeadViews } from "~/components/admin/lead-views";
import { clinicToday } from "~/lib/admin/clinic-day";
import { UnreadMark } from "~/components/admin/unread-mark";
import { filterSearch, leadQuery, readLeadFilters } from "~/lib/admin/lead-filters";
import { staffDateTime } from "~/lib/admin/staff-time";
import { adminTitle, i18next, requirePage, staffCall } from "./leads.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const PAGE_SIZE = 25;
const COLUMNS = ["received", "kind", "name", "email", "phone", "language", "status", "assignee"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "leads");
  const read = readLeadFilters(new URL(request.url).searchParams);
  const { filters, ignored } = read;
  let pageIndex = read.pageIndex;
  // "Overdue" is read on the clinic's calendar.
  const today = filters.view === "overdue" ? clinicToday() : undefined;
  const api = context.staffApi.as(staff.token);
  const page = (index: number) => staffCall(context, () => api.get("leads", { query: { ...leadQuery(filters, index, PAGE_SIZE), today } }));
  const canWrite = staff.permissions.has("write:lead");
  const [first, assignees] = await Promise.all([page(pageIndex), canWrite ? staffCall(context, () => api.get("assignees")) : null]);
  let list = first;
  const last = Math.max(1, Math.ceil(list.result.totalCount / PAGE_SIZE));
  // Past the last page (leads erased, or filters narrowed since the link was made): the last page, and the page says so.
  if (pageIndex > last) {
    ignored.push("pageIndex");
    pageIndex = last;
    list = await page(pageIndex);
  }
  const lang = await i18next.getLocale(request);
  const { data: leads, totalCount } = list.result;
  return {
    leads: leads.map(({ receivedAt, ...lead }) => ({ ...lead, received: staffDateTime(lang, receivedAt), receivedAt })),
    totalCount,
    pageIndex,
    pages: Math.max(1, Math.ceil(totalCount / PAGE_SIZE)),
    filters,
    ignored,
    canExport: staff.permissions.has("export:lead"),
    canWrite,
    assignees: assignees?.result.data ?? [],
    back: `/admin/leads${filterSearch(filters, pageIndex)}`,
    title: await adminTitle(request, "menu.leads"),
  };
}

export default function Leads() {
  const { leads, totalCount, pageIndex, pages, filters, ignored, canExport, canWrite, assignees, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const label = (column: (typeof COLUMNS)[number]) => t(`leads.columns.${column}`);
  const kindOf = (kind: string, source: string | null) =>
    source && source !== "website"
      ? t("leads.withSource", { kind: t(`kinds.${kind}`), source: t(`leads.sources.${source}`, { defaultValue: source }) })
      : t(`kinds.${kind}`);
  return (
    <section className="admin-page">
      <h1>{t("menu.leads")}</h1>
      <LeadViews filters={filters} canWrite={canWrite} />
      <LeadFilterForm filters={filters} />
      <NotApplied labels={ignored.map((name) => t(name === "pageIndex" ? "leads.pageNumber" : name === "q" ? "leads.search" : `leads.${name}`))} />
      <div className="admin-actions admin-list-head">
        <p>
          <strong>{t("leads.count", { count: totalCount })}</strong> · {t("leads.timeZone")}
        </p>
        {canExport ? (
          <span className="admin-actions">
            <a href={`/admin/leads/export.xlsx${filterSearch(filters)}`} className="button button-secondary">
              {t("leads.exportXlsx")}
            </a>
            <a href={`/admin/leads/export.csv${filterSearch(filters)}`} className="button button-secondary" aria-describedby="leads-csv-note">
              {t("leads.exportCsv")}
            </a>
          </span>
        ) : null}
      </div>
      {canExport ? (
        <p id="leads-csv-note" className="admin-muted">
          {t("leads.exportCsvNote")}
        </p>
      ) : null}
      {leads.length === 0 ? (
        <p className="admin-panel">{t("leads.none")}</p>
      ) : (
        <AdminTable
          caption={
            filters.sort && filters.sort !== "received"
              ? t("pipeline.sort.caption", { sort: t(`pipeline.sort.${filters.sort}`), page: pageIndex, pages })
              : t("leads.caption", { page: pageIndex, pages })
          }
          columns={[...(canWrite ? [t("pipeline.bulk.column")] : []), ...COLUMNS.map((column) => t(`leads.columns.${column}`))]}
          stack
        >
          {leads.map((lead) => (
            <tr key={lead.id}>
              {canWrite ? (
                <td data-label={t("pipeline.bulk.column")}>
                  <input type="checkbox" name="id" value={lead.id} form="lead-bulk" aria-label={t("pipeline.bulk.pick", { name: lead.name })} />
                </td>
              ) : null}
              <td className="admin-nowrap" data-label={label("received")}>
                <time dateTime={lead.receivedAt}>{lead.received}</time>
              </td>
              <td data-label={label("kind")}>{kindOf(lead.kind, lead.source)}</td>
              <th scope="row" className={lead.unread ? "admin-unread-row" : undefined}>
                <Link to={`/admin/leads/${lead.id}`} dir="auto">
                  {lead.name}
                </Link>
                {lead.unread ? <UnreadMark /> : null}
              </th>
              <td className="admin-break" data-label={label("email")}>
                {lead.email}
              </td>
              <td className="admin-nowrap" data-label={label("phone")}>
                {lead.phone ?? "—"}
              </td>
              <td data-label={label("language")}>{t(`siteLanguages.${lead.language}`)}</td>
              <td data-label={label("status")}>{t(`statuses.${lead.status}`)}</td>
              <td dir="auto" data-label={label("assignee")}>
                {lead.assignee?.name ?? t("leads.unassigned")}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {canWrite && leads.length > 0 ? <LeadBulkForm assignees={assignees} back={back} /> : null}
      <Pager page={pageIndex} pages={pages} href={(page) => `/admin/leads${filterSearch(filters, page)}`} />
    </section>
  );
}

export const ErrorBoundary = AdminError;
