import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageWindow } from "~/lib/admin/lead-filters";

/** Page links as plain links (`href(page)` keeps the filters), the current page marked for screen readers too. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useTranslation("admin");
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("leads.pages")} className="admin-pager">
      <ul>
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev">
              {t("leads.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={href(n)} aria-current={n === page ? "page" : undefined} aria-label={t("leads.page", { page: n })}>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} rel="next">
              {t("leads.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
