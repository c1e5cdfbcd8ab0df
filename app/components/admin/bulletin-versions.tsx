import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminTable } from "~/components/admin/admin-table";
import { staffDateTime } from "~/lib/admin/staff-time";
import type { BulletinVersion } from "~/lib/platform/api/bulletins-contract";

type Row = Omit<BulletinVersion, "list" | "body">;

/** An issue's saved texts, newest first (ADR 060), each a link to read it and bring it back. */
export function BulletinVersions({ id, rows, total }: { id: number; rows: Row[]; total: number }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <div className="admin-panel" aria-labelledby="bulletin-versions-title">
      <h2 id="bulletin-versions-title">{t("bulletins.versions.title")}</h2>
      <p>
        {t("bulletins.versions.intro")} {t("leads.timeZone")}
      </p>
      {rows.length === 0 ? (
        <p>{t("bulletins.versions.none")}</p>
      ) : (
        <AdminTable
          caption={t("bulletins.versions.title")}
          stack
          columns={[t("bulletins.versions.time"), t("bulletins.versions.action"), t("bulletins.versions.author")]}
        >
          {rows.map((version) => (
            <tr key={version.id} data-version={version.id}>
              <th scope="row" className="admin-nowrap">
                <Link to={`/admin/bulletins/${id}/versions/${version.id}`}>
                  <time dateTime={version.at}>{staffDateTime(i18n.language, version.at)}</time>
                </Link>
              </th>
              <td data-label={t("bulletins.versions.action")}>{t(`bulletins.versions.actions.${version.action}`)}</td>
              <td data-label={t("bulletins.versions.author")} className="admin-break">
                {version.author ?? t("bulletins.versions.noAuthor")}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {total > rows.length ? <p>{t("bulletins.versions.more", { shown: rows.length, count: total })}</p> : null}
    </div>
  );
}
