import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { DayFilter, FilterActions, FilterField, NotApplied } from "~/components/admin/filter-parts";
import { Pager } from "~/components/admin/pager";
import { AUDIT_EXPORT_LIMIT, AUDIT_PAGE_SIZE } from "~/lib/admin/audit";
import { AUDIT_GROUPS, auditSearch, readAuditFilters, type AuditFilters } from "~/lib/admin/audit-filters";
import { adminTitle, readAuditPage, requirePage } from "./audit.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "audit");
  const { filters, page: asked, ignored } = readAuditFilters(new URL(request.url).searchParams);
  let page = asked;
  let read = await readAuditPage(request, context, staff, filters, page, AUDIT_PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(read.totalCount / AUDIT_PAGE_SIZE));
  // Past the last page (the filters narrowed the log since the link was made): the last page, and the page says so.
  if (page > pageCount) {
    ignored.push("page");
    page = pageCount;
    read = await readAuditPage(request, context, staff, filters, page, AUDIT_PAGE_SIZE);
  }
  return {
    ...read,
    filters,
    ignored,
    page,
    pageCount,
    title: await adminTitle(request, "menu.audit"),
  };
}

export default function Audit() {
  const { entries, totalCount, people, filters, ignored, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const filtered = Object.keys(filters).length > 0;
  return (
    <section className="admin-page">
      <h1>{t("menu.audit")}</h1>
      <p>{t("audit.intro")}</p>
      <AuditFilterForm filters={filters} people={people} />
      <NotApplied labels={ignored.map((name) => t(name === "page" ? "audit.page" : `audit.${name}`))} />
      <div className="admin-actions admin-list-head">
        <p>
          <strong>{t("audit.count", { count: totalCount })}</strong> · {t("audit.time")}
        </p>
        {totalCount > 0 ? (
          <a href={`/admin/audit/export.csv${auditSearch(filters)}`} className="button button-secondary">
            {t("audit.export")}
          </a>
        ) : null}
        {totalCount > AUDIT_EXPORT_LIMIT ? <p className="field-hint">{t("audit.exportLimit", { limit: AUDIT_EXPORT_LIMIT })}</p> : null}
      </div>
      <div className="admin-panel">
        {entries.length === 0 ? (
          <p>{filtered ? t("audit.noMatch") : t("audit.empty")}</p>
        ) : (
          <AdminTable
            caption={t("audit.caption", { page, pageCount })}
            columns={[t("audit.time"), t("audit.who"), t("audit.action"), t("audit.target"), t("audit.detail")]}
            wide
          >
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="admin-nowrap">
                  <time dateTime={entry.at}>{entry.when}</time>
                </td>
                <td dir="auto" title={entry.whoEmail ?? undefined}>
                  {entry.who ?? <span className="admin-muted">{t("audit.noActor")}</span>}
                </td>
                <td>{entry.action}</td>
                <td dir="auto">{entry.target ? entry.target.href ? <Link to={entry.target.href}>{entry.target.label}</Link> : entry.target.label : null}</td>
                <td dir="auto" className="admin-detail" lang={entry.detail.lang ?? undefined}>
                  {entry.detail.text}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      <Pager page={page} pages={pageCount} href={(n) => `/admin/audit${auditSearch(filters, n)}`} />
    </section>
  );
}

/** The log's filters: a GET form, so a filtered log is an address to reload or share; it works without JavaScript. */
function AuditFilterForm({ filters, people }: { filters: AuditFilters; people: { id: number; name: string }[] }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" className="admin-panel" role="search" aria-labelledby="audit-filters-title" key={JSON.stringify(filters)}>
      <h2 id="audit-filters-title">{t("audit.filters")}</h2>
      <div className="admin-filters">
        <FilterField id="audit-who" label={t("audit.who")}>
          <select id="audit-who" name="who" defaultValue={filters.who ?? ""}>
            <option value="">{t("audit.anyone")}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id} dir="auto">
                {person.name}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="audit-what" label={t("audit.what")}>
          <select id="audit-what" name="what" defaultValue={filters.what ?? ""}>
            <option value="">{t("audit.anything")}</option>
            {Object.keys(AUDIT_GROUPS).map((group) => (
              <option key={group} value={group}>
                {t(`audit.groups.${group}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <DayFilter id="audit-from" name="from" label={t("audit.from")} value={filters.from} />
        <DayFilter id="audit-to" name="to" label={t("audit.to")} value={filters.to} />
        <FilterActions apply={t("audit.apply")} clear={t("audit.clear")} clearTo="/admin/audit" />
      </div>
    </Form>
  );
}

export const ErrorBoundary = AdminError;
