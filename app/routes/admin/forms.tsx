import { titleMeta } from "~/lib/admin/title-meta";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AdminTable } from "~/components/admin/admin-table";
import { staffDateTime } from "~/lib/admin/staff-time";
import { adminTitle, formPath, requirePage, staffCall } from "./forms.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

/** Every built form (ADR 065), with the languages it is published in and their public pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requirePage(request, context, "forms");
  const { result } = await staffCall(context, () => context.staffApi.as(staff.token).get("forms"));
  return {
    rows: result.data.map((form) => ({ ...form, published: form.published.map((p) => ({ lang: p.lang, path: formPath(p.lang, p.slug) })) })),
    canWrite: staff.permissions.has("write:content"),
    title: await adminTitle(request, "menu.forms"),
  };
}

export default function Forms() {
  const { rows, canWrite } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const columns = ["name", "published", "updatedAt"] as const;
  return (
    <section className="admin-page">
      <h1>{t("forms.title")}</h1>
      <p>{t("forms.intro")}</p>
      {canWrite ? (
        <p>
          <Link to="/admin/forms/new" className="button button-primary">
            {t("forms.new")}
          </Link>
        </p>
      ) : null}
      <div className="admin-panel">
        <h2>{t("forms.list")}</h2>
        {rows.length === 0 ? (
          <p>{t("forms.none")}</p>
        ) : (
          <AdminTable caption={t("forms.list")} stack columns={columns.map((c) => t(`forms.columns.${c}`))}>
            {rows.map((row) => (
              <tr key={row.id} data-form={row.id}>
                <th scope="row">
                  <Link to={`/admin/forms/${row.id}`}>
                    <bdi>{row.name}</bdi>
                  </Link>
                </th>
                <td data-label={t("forms.columns.published")}>
                  {row.published.length === 0
                    ? t("forms.unpublished")
                    : row.published.map((p, i) => (
                        <span key={p.lang}>
                          {i > 0 ? ", " : null}
                          {p.path ? <a href={p.path}>{t(`siteLanguages.${p.lang}`)}</a> : t(`siteLanguages.${p.lang}`)}
                        </span>
                      ))}
                </td>
                <td data-label={t("forms.columns.updatedAt")}>{staffDateTime(i18n.language, row.updatedAt)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminError;
