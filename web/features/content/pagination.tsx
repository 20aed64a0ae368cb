import { useTranslation } from "../../i18n/use-translation";
import { Link, useLocation } from "react-router";
import { TO_RESULTS } from "../../lib/to-results";

/**
 * Page links that keep the rest of the query string (filters) and count from page 1. Below
 * filters, `toResults` opens the new page at its results (`useShowResults` on the page).
 */
export function Pagination({
  page,
  pageCount,
  total,
  toResults = false,
}: {
  page: number;
  pageCount: number;
  total: number;
  toResults?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const step = toResults ? { state: TO_RESULTS, preventScrollReset: true } : {};
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <nav className="pagination" aria-label={t("content.pagination.label")}>
      <p className="pagination__status" aria-live="polite">
        {t("content.pagination.status", { page, pageCount, total })}
      </p>
      {pageCount > 1 ? (
        <ul className="pagination__list">
          {page > 1 ? (
            <li>
              <Link to={href(page - 1)} rel="prev" className="pagination__step" {...step}>
                {t("content.pagination.previous")}
              </Link>
            </li>
          ) : null}
          {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
            <li key={n}>
              <Link
                to={href(n)}
                {...step}
                className="pagination__page"
                aria-label={t("content.pagination.page", { page: n })}
                aria-current={n === page ? "page" : undefined}
              >
                {n}
              </Link>
            </li>
          ))}
          {page < pageCount ? (
            <li>
              <Link to={href(page + 1)} rel="next" className="pagination__step" {...step}>
                {t("content.pagination.next")}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </nav>
  );
}
