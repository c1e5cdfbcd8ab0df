import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Page 1 is the list's own path; later pages add `?page=N`. Plain links: paging works without JavaScript. */
export function pageHref(basePath: string, page: number) {
  return page === 1 ? basePath : `${basePath}?page=${page}`;
}

/** The first, the last, and the pages around the current one; gaps become an ellipsis. */
function visiblePages(page: number, pageCount: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1] > 1 ? ["gap" as const, n] : [n]));
}

export function ListPagination({ page, pageCount, basePath }: { page: number; pageCount: number; basePath: string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="list-pagination" aria-label={t("listPagination.label")}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={pageHref(basePath, page - 1)} rel="prev" className="list-pagination-step">
              <span aria-hidden="true" className="list-pagination-arrow">
                ‹
              </span>{" "}
              {t("listPagination.previous")}
            </Link>
          </li>
        ) : null}
        {visiblePages(page, pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="list-pagination-gap">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={pageHref(basePath, n)}
                aria-label={t("listPagination.page", { page: n })}
                aria-current={n === page ? "page" : undefined}
                className="list-pagination-number"
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={pageHref(basePath, page + 1)} rel="next" className="list-pagination-step">
              {t("listPagination.next")}{" "}
              <span aria-hidden="true" className="list-pagination-arrow">
                ›
              </span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
