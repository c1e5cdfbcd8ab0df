import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Breadcrumb } from "~/lib/site/breadcrumbs";

/** Where the visitor is, from home to this page; the last crumb is the page itself, not a link. */
export function Breadcrumbs({ crumbs }: { crumbs: Breadcrumb[] }) {
  const { t } = useTranslation();
  return (
    <nav className="breadcrumbs" aria-label={t("breadcrumbs.label")}>
      <div className="container">
        <ol>
          {crumbs.map((crumb, i) =>
            i === crumbs.length - 1 ? (
              <li key={crumb.path} aria-current="page">
                {crumb.name}
              </li>
            ) : (
              <li key={crumb.path}>
                <Link to={crumb.path}>{crumb.name}</Link>
              </li>
            ),
          )}
        </ol>
      </div>
    </nav>
  );
}
