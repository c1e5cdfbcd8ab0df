import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pagePath, pageWindow } from "~/lib/site/list-page";

/** Plain links to `?page=N`: they work without JavaScript and every page has its own URL. */
export function Pagination({ path, page, pageCount }: { path: string; page: number; pageCount: number }) {
  const { t } = useTranslation();
  if (pageCount < 2) return null;
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <ul>
        {page > 1 ? (
          <li>
            <Link className="pagination-step pagination-previous" to={pagePath(path, page - 1)} rel="prev">
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                className="pagination-page"
                to={pagePath(path, n)}
                aria-label={t("pagination.goTo", { page: n })}
                aria-current={n === page ? "page" : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link className="pagination-step pagination-next" to={pagePath(path, page + 1)} rel="next">
              {t("pagination.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
