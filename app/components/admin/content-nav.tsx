import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { contentPath, EDITOR_KINDS } from "~/lib/admin/content-kinds";

/** The kinds of content, one link each, above every content screen: the current kind's is marked. */
export function ContentNav() {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("content.kindsLabel")} className="content-nav">
      <ul>
        {EDITOR_KINDS.map((kind) => (
          <li key={kind}>
            <NavLink to={contentPath(kind)} prefetch="intent">
              {t(`content.kinds.${kind}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
