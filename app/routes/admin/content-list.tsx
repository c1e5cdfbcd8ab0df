import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { StatusBadges } from "~/components/admin/content-badges";
import { ContentNav } from "~/components/admin/content-nav";
import { Pager } from "~/components/admin/pager";
import { contentPath, isFixedKind } from "~/lib/admin/content-kinds";
import { summaryLabel } from "~/lib/admin/content-labels";
import { staffDateTime } from "~/lib/admin/staff-time";
import { ContentListQuerySchema } from "~/lib/platform/api/content-contract";
import { adminTitle, data, i18next, kindParam, requirePage, staffCall, staffLanguage } from "./content-list.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const PAGE_SIZE = 25;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-list");
  const kind = kindParam(params);
  const search = new URL(request.url).searchParams;
  const query = ContentListQuerySchema.safeParse({ q: search.get("q") || undefined, pageIndex: search.get("page") ?? undefined, pageSize: PAGE_SIZE });
  if (!query.success) throw data({ reason: "notFound" }, { status: 404 });
  const { q = "", pageIndex } = query.data;
  const list = await staffCall(context, () =>
    context.staffApi.as(staff.token).get("contentList", { params: { kind }, query: { q, pageIndex, pageSize: PAGE_SIZE } }),
  );
  const pages = Math.max(1, Math.ceil(list.result.totalCount / PAGE_SIZE));
  if (pageIndex > pages) throw data({ reason: "notFound" }, { status: 404 });
  const lang = await i18next.getLocale(request);
  return {
    kind,
    q,
    pageIndex,
    pages,
    totalCount: list.result.totalCount,
    items: list.result.data.map((item) => ({ ...item, label: summaryLabel(item, staffLanguage(request)), updated: staffDateTime(lang, item.updatedAt) })),
    canWrite: staff.permissions.has("write:content"),
    title: await adminTitle(request, `content.kinds.${kind}`),
  };
}

export default function ContentList() {
  const { kind, q, pageIndex, pages, totalCount, items, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const href = (page: number) =>
    `${contentPath(kind)}?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`.replace(/\?$/, "");
  return (
    <section className="admin-page">
      <ContentNav />
      <h1>{t(`content.kinds.${kind}`)}</h1>
      <p>{t(`content.kindHints.${kind}`)}</p>
      <div className="admin-actions admin-list-head">
        {/* A GET form: a search is an address to reload or share; a new search starts at page 1. */}
        <Form method="get" role="search" className="content-search" key={q}>
          <div>
            <label htmlFor="content-q">{t("content.search")}</label>
            <input id="content-q" name="q" type="search" maxLength={100} defaultValue={q} />
          </div>
          <button type="submit" className="button button-secondary">
            {t("content.searchSubmit")}
          </button>
        </Form>
        {canWrite && !isFixedKind(kind) ? (
          <Link to={contentPath(kind, "new")} className="button button-primary">
            {t(`content.new.${kind}`)}
          </Link>
        ) : null}
      </div>
      <p>
        <strong>{t("content.count", { count: totalCount })}</strong> · {t("leads.timeZone")}
      </p>
      {items.length === 0 ? (
        <p className="admin-panel">{q ? t("content.noMatch") : t("content.empty")}</p>
      ) : (
        <AdminTable
          caption={t("content.caption", { kind: t(`content.kinds.${kind}`), page: pageIndex, pages })}
          columns={[t("content.columns.title"), t("content.columns.languages"), t("content.columns.updated")]}
        >
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <Link to={contentPath(kind, item.id)} dir="auto">
                  {item.label || t("content.untitled", { id: item.id })}
                </Link>
              </th>
              <td>
                <StatusBadges kind={kind} statuses={item.statuses} />
              </td>
              <td className="admin-nowrap">
                <time dateTime={item.updatedAt}>{item.updated}</time>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager page={pageIndex} pages={pages} href={href} />
    </section>
  );
}

export const ErrorBoundary = AdminError;
