import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { LeadFilterForm } from "~/components/admin/lead-filters";
import { NotApplied } from "~/components/admin/filter-parts";
import { Pager } from "~/components/admin/pager";
import { UnreadMark } from "~/components/admin/unread-mark";
import { filterSearch, leadQuery, readLeadFilters } from "~/lib/admin/lead-filters";
import { staffDateTime } from "~/lib/admin/staff-time";
import { adminTitle, i18next, requirePage, staffCall } from "./leads.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

const PAGE_SIZE = 25;
const COLUMNS = ["received", "kind", "name", "email", "phone", "language", "status", "assignee"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "leads");
  const read = readLeadFilters(new URL(request.url).searchParams);
  const { filters, ignored } = read;
  let pageIndex = read.pageIndex;
  const page = (index: number) => staffCall(context, () => context.staffApi.as(staff.token).get("leads", { query: leadQuery(filters, index, PAGE_SIZE) }));
  let list = await page(pageIndex);
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
    title: await adminTitle(request, "menu.leads"),
  };
}

export default function Leads() {
  const { leads, totalCount, pageIndex, pages, filters, ignored, canExport } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const label = (column: (typeof COLUMNS)[number]) => t(`leads.columns.${column}`);
  const kindOf = (kind: string, source: string | null) =>
    source && source !== "website"
      ? t("leads.withSource", { kind: t(`kinds.${kind}`), source: t(`leads.sources.${source}`, { defaultValue: source }) })
      : t(`kinds.${kind}`);
  return (
    <section className="admin-page">
      <h1>{t("menu.leads")}</h1>
      <LeadFilterForm filters={filters} />
      <NotApplied labels={ignored.map((name) => t(name === "pageIndex" ? "leads.pageNumber" : name === "q" ? "leads.search" : `leads.${name}`))} />
      <div className="admin-actions admin-list-head">
        <p>
          <strong>{t("leads.count", { count: totalCount })}</strong> · {t("leads.timeZone")}
        </p>
        {canExport ? (
          <a href={`/admin/leads/export.csv${filterSearch(filters)}`} className="button button-secondary">
            {t("leads.export")}
          </a>
        ) : null}
      </div>
      {leads.length === 0 ? (
        <p className="admin-panel">{t("leads.none")}</p>
      ) : (
        <AdminTable caption={t("leads.caption", { page: pageIndex, pages })} columns={COLUMNS.map((column) => t(`leads.columns.${column}`))} stack>
          {leads.map((lead) => (
            <tr key={lead.id}>
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
      <Pager page={pageIndex} pages={pages} href={(page) => `/admin/leads${filterSearch(filters, page)}`} />
    </section>
  );
}

export const ErrorBoundary = AdminError;
