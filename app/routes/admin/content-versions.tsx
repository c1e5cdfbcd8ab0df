import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { ContentNav } from "~/components/admin/content-nav";
import { Pager } from "~/components/admin/pager";
import { itemLabel } from "~/lib/admin/content-labels";
import { contentPath } from "~/lib/admin/content-kinds";
import { staffDateTime } from "~/lib/admin/staff-time";
import { adminTitle, data, i18next, idParam, kindParam, requirePage, staffCall, staffLanguage } from "./content-versions.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

const PAGE_SIZE = 50;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "content-versions");
  const kind = kindParam(params);
  const id = idParam(params.id);
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const api = context.staffApi.as(staff.token);
  const [{ result: item }, versions] = await staffCall(context, () =>
    Promise.all([
      api.get("contentItem", { params: { kind, id } }),
      api.get("contentVersions", { params: { kind, id }, query: { pageIndex: page, pageSize: PAGE_SIZE } }),
    ]),
  );
  const pages = Math.max(1, Math.ceil(versions.result.totalCount / PAGE_SIZE));
  if (page > pages) throw data({ reason: "notFound" }, { status: 404 });
  const lang = await i18next.getLocale(request);
  const label = itemLabel(kind, item, staffLanguage(request)) || `#${id}`;
  return {
    kind,
    id,
    label,
    page,
    pages,
    versions: versions.result.data.map((v) => ({ ...v, when: staffDateTime(lang, v.at) })),
    title: await adminTitle(request, "content.versions.title", { label }),
  };
}

export default function ContentVersions() {
  const { kind, id, label, page, pages, versions } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <ContentNav />
      <p>
        <Link to={contentPath(kind, id)}>{t("content.versions.backToItem")}</Link>
      </p>
      <h1>{t("content.versions.title", { label })}</h1>
      <p>
        {t("content.versions.intro")} {t("leads.timeZone")}
      </p>
      <div className="admin-panel">
        {versions.length === 0 ? (
          <p>{t("content.versions.none")}</p>
        ) : (
          <AdminTable
            caption={t("content.versions.caption", { page, pages })}
            columns={[t("content.versions.time"), t("content.versions.action"), t("content.versions.author"), t("content.compare.link")]}
          >
            {versions.map((version) => (
              <tr key={version.id}>
                <th scope="row" className="admin-nowrap">
                  <Link to={contentPath(kind, id, `/versions/${version.id}`)}>
                    <time dateTime={version.at}>{version.when}</time>
                  </Link>
                </th>
                <td>{t(`content.versions.actions.${version.action}`)}</td>
                <td className="admin-break">
                  {version.author?.name ?? version.author?.email ?? <span className="admin-muted">{t("content.versions.noAuthor")}</span>}
                </td>
                <td>
                  {version.action === "seed" ? null : (
                    <Link to={contentPath(kind, id, `/versions/${version.id}/changes`)} aria-label={t("content.compare.title", { date: version.when })}>
                      {t("content.compare.link")}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      <Pager page={page} pages={pages} href={(n) => contentPath(kind, id, n > 1 ? `/versions?page=${n}` : "/versions")} />
    </section>
  );
}

export const ErrorBoundary = AdminError;
