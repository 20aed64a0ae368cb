import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { libraryQueryString, type LibraryQuery } from "../../../core/library";
import { pageWindow } from "./page-window";
import { TO_RESULTS } from "../../lib/to-results";

/** The library's page links: every link keeps the filters, page 1 has no `page` parameter. */
export function LibraryPagination({
  path,
  query,
  page,
  pageCount,
}: {
  /** The library's path in the page's language. */
  path: string;
  query: LibraryQuery;
  page: number;
  pageCount: number;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const toResults = { state: TO_RESULTS, preventScrollReset: true };
  const href = (target: number) => {
    const search = libraryQueryString({ ...query, page: target });
    return search ? `${path}?${search}` : path;
  };
  return (
    <nav className="library-pages" aria-label={t("library.list.pagination.label")}>
      <p className="library-pages__status">
        {t("library.list.pagination.status", { page, pageCount })}
      </p>
      <ul className="library-pages__list">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className="library-pages__step" {...toResults}>
              {t("library.list.pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="library-pages__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                {...toResults}
                className="library-pages__page"
                aria-label={t("library.list.pagination.page", { page: n })}
                aria-current={n === page ? "page" : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className="library-pages__step" {...toResults}>
              {t("library.list.pagination.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
