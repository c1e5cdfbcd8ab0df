import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { Pager } from "~/components/admin/pager";
import { AUDIT_PAGE_SIZE, auditActionKey } from "~/lib/admin/audit";
import { contentPath } from "~/lib/admin/content-kinds";
import { ContentKindSchema } from "~/lib/platform/api/content-contract";
import { staffDateTime } from "~/lib/admin/staff-time";
import { adminTitle, data, i18next, requirePage, staffCall } from "./audit.server";

export const handle = { i18n: ["admin"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "audit");
  const raw = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const audit = await staffCall(context, () => context.staffApi.as(staff.token).get("audit", { query: { pageIndex: page, pageSize: AUDIT_PAGE_SIZE } }));
  const { totalCount } = audit.result;
  const lang = await i18next.getLocale(request);
  const entries = audit.result.data.map((entry) => ({ ...entry, when: staffDateTime(lang, entry.at) }));
  const pageCount = Math.max(1, Math.ceil(totalCount / AUDIT_PAGE_SIZE));
  // Past the last page: not an empty log.
  if (page > pageCount) throw data({ reason: "notFound" }, { status: 404 });
  return {
    entries,
    page,
    pageCount,
    canReadUsers: staff.permissions.has("read:user"),
    canReadContent: staff.permissions.has("read:content"),
    title: await adminTitle(request, "menu.audit"),
  };
}

export default function Audit() {
  const { entries, page, pageCount, canReadUsers, canReadContent } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <h1>{t("menu.audit")}</h1>
      <p>{t("audit.intro")}</p>
      <div className="admin-panel">
        {entries.length === 0 ? (
          <p>{t("audit.empty")}</p>
        ) : (
          <AdminTable
            caption={t("audit.caption", { page, pageCount })}
            columns={[t("audit.time"), t("audit.who"), t("audit.action"), t("audit.target"), t("audit.detail")]}
            wide
          >
            {entries.map((entry) => {
              const key = auditActionKey(entry.action);
              return (
                <tr key={entry.id}>
                  <td className="admin-nowrap">
                    <time dateTime={entry.at}>{entry.when}</time>
                  </td>
                  <td>{entry.actor ? entry.actor.email : <span className="admin-muted">{t("audit.noActor")}</span>}</td>
                  <td>{key ? t(`audit.actions.${key}`) : <code>{entry.action}</code>}</td>
                  <td>
                    <Target target={entry.target} linkUsers={canReadUsers} linkContent={canReadContent} />
                  </td>
                  <td dir="auto" className="admin-detail">
                    {entry.detail ?? ""}
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </div>
      <Pager page={page} pages={pageCount} href={(n) => (n > 1 ? `/admin/audit?page=${n}` : "/admin/audit")} />
    </section>
  );
}

/** `user:3` leads to that user's page, `blog:12` to that item's editor; other targets (`lead:12`, `settings`) read as the API wrote them. */
function Target({ target, linkUsers, linkContent }: { target: string | null; linkUsers: boolean; linkContent: boolean }) {
  const user = target?.match(/^user:(\d+)$/)?.[1];
  if (user && linkUsers) return <Link to={`/admin/users/${user}`}>{target}</Link>;
  const [kind, id] = target?.split(":") ?? [];
  const item = ContentKindSchema.safeParse(kind);
  if (item.success && /^\d+$/.test(id ?? "") && linkContent) return <Link to={contentPath(item.data, Number(id))}>{target}</Link>;
  return <span dir="auto">{target ?? ""}</span>;
}

export const ErrorBoundary = AdminError;
