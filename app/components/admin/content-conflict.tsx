import { useTranslation } from "react-i18next";
import type { Conflict } from "~/lib/admin/content-editor-data";
import { contentPath } from "~/lib/admin/content-kinds";
import type { ContentKind } from "~/lib/platform/api/content-contract";

/**
 * Under the form's alert after a conflict: the newest version, and links to it and to all versions.
 * They open in a new tab, so the form with everything typed stays here to compare and save again.
 */
export function ContentConflict({ kind, id, conflict }: { kind: ContentKind; id: number; conflict: Conflict }) {
  const { t } = useTranslation("admin");
  const newTab = <span className="visually-hidden"> {t("content.conflict.newTab")}</span>;
  return (
    <p className="content-conflict">
      {t("content.conflict.newest", { author: conflict.author ?? t("content.versions.noAuthor"), date: conflict.when })}{" "}
      <a href={contentPath(kind, id, `/versions/${conflict.id}`)} target="_blank" rel="noopener noreferrer">
        {t("content.conflict.see")}
        {newTab}
      </a>
      {" · "}
      <a href={contentPath(kind, id, "/versions")} target="_blank" rel="noopener noreferrer">
        {t("content.conflict.all")}
        {newTab}
      </a>
    </p>
  );
}
