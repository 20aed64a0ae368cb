import { useId, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { LIST_PAGE_SIZES, type ListPage, type SortDir } from "../../../core/list-query";
import { TO_RESULTS, useShowResults } from "../../lib/to-results";
import "./back-office.css";

export interface DataColumn<T> {
  /** The sort key sent as `?sort=` (must be in the list's server-side allow-list when sortable). */
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  /** The row's header cell (`<th scope="row">`), usually the title column. */
  rowHeader?: boolean;
  className?: string;
}

/** The href of the current list with some query parameters changed (null removes one). */
function useListHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("notice");
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === "") params.delete(name);
      else params.set(name, String(value));
    }
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

/** True while the router loads another URL of this same list (sort, filter, page). */
function useListLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

/**
 * A back-office table whose rows the server sorts, filters and pages: the state lives in the
 * URL (`?sort=&dir=&page=&pageSize=` plus the toolbar's filters), so links, reloads and the
 * back button keep it. Sortable headers are links (keyboard reachable) with `aria-sort`;
 * the pager counts from 1 and states the total; the table is `aria-busy` while loading.
 * Another page opens with the table in view and focused, where the new rows are.
 */
export function DataTable<T>({
  caption,
  columns,
  result,
  rowKey,
  sort,
  dir,
  empty,
}: {
  caption: string;
  columns: DataColumn<T>[];
  result: ListPage<T>;
  rowKey: (row: T) => string | number;
  sort: string;
  dir: SortDir;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const href = useListHref();
  const loading = useListLoading();
  const { results } = useShowResults<HTMLTableElement>();
  return (
    <div className={`data-table${loading ? " data-table--loading" : ""}`}>
      {result.items.length === 0 ? (
        <p className="empty-state" role="status">
          {empty ?? t("adminKit.empty")}
        </p>
      ) : (
        <div className="table-scroll">
          <table ref={results} className="table" tabIndex={-1} aria-busy={loading || undefined}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const active = column.sortable && sort === column.key;
                  const nextDir: SortDir = active && dir === "asc" ? "desc" : "asc";
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      className={column.className}
                      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {column.sortable ? (
                        <Link
                          className="data-table__sort"
                          to={href({ sort: column.key, dir: nextDir, page: null })}
                          preventScrollReset
                        >
                          {column.header}
                          <span aria-hidden="true" className="data-table__arrow">
                            {active ? (dir === "asc" ? "▲" : "▼") : "↕"}
                          </span>
                          <span className="visually-hidden">
                            {t(nextDir === "asc" ? "adminKit.sortAsc" : "adminKit.sortDesc")}
                          </span>
                        </Link>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {result.items.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.key} scope="row" className={column.className}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} className={column.className}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager result={result} />
    </div>
  );
}

/**
 * Page links from 1 with the total; keeps every other parameter of the list. A page link does
 * not send the window to the top with the focus left on the pager: the list's table takes both
 * (`TO_RESULTS`; the page showing the rows calls `useShowResults` on its table), so keyboard
 * and screen-reader users land on the new rows.
 */
export function Pager({
  result,
}: {
  result: Pick<ListPage<unknown>, "page" | "pageCount" | "total">;
}) {
  const { t } = useTranslation();
  const href = useListHref();
  const { page, pageCount, total } = result;
  const pages = pagesAround(page, pageCount);
  return (
    <nav className="pager" aria-label={t("adminKit.pager")}>
      <p className="pager__status" aria-live="polite">
        {t("adminKit.pagerStatus", { page, pageCount, total, count: total })}
      </p>
      {pageCount > 1 ? (
        <ul className="pager__list">
          {page > 1 ? (
            <li>
              <Link to={href({ page: page - 1 })} rel="prev" state={TO_RESULTS} preventScrollReset>
                {t("adminKit.previous")}
              </Link>
            </li>
          ) : null}
          {pages.map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={n}>
                <Link
                  to={href({ page: n === 1 ? null : n })}
                  state={TO_RESULTS}
                  preventScrollReset
                  aria-label={t("adminKit.pageN", { page: n })}
                  aria-current={n === page ? "page" : undefined}
                >
                  {n}
                </Link>
              </li>
            ),
          )}
          {page < pageCount ? (
            <li>
              <Link to={href({ page: page + 1 })} rel="next" state={TO_RESULTS} preventScrollReset>
                {t("adminKit.next")}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 40 */
function pagesAround(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}

export interface ToolbarFilter {
  /** The query parameter (must be in the list's server-side filter allow-list). */
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

/**
 * Search box, filters and page size above a DataTable: a GET form (works without JavaScript)
 * that starts again from page 1 and keeps the current sort.
 */
export function ListToolbar({
  searchLabel,
  filters = [],
  values,
}: {
  searchLabel: string;
  filters?: ToolbarFilter[];
  /** Current values: `q`, `sort`, `dir`, `pageSize` and each filter's name. */
  values: Record<string, string | number | undefined>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  return (
    <Form method="get" action={location.pathname} className="list-toolbar" role="search">
      <div className="list-toolbar__field list-toolbar__field--search">
        <label htmlFor={`${id}-q`}>{searchLabel}</label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          className="field__input"
          defaultValue={values.q ?? ""}
          maxLength={200}
        />
      </div>
      {filters.map((filter) => (
        <div className="list-toolbar__field" key={filter.name}>
          <label htmlFor={`${id}-${filter.name}`}>{filter.label}</label>
          <select
            id={`${id}-${filter.name}`}
            name={filter.name}
            className="field__input"
            defaultValue={String(values[filter.name] ?? "")}
          >
            <option value="">{t("adminKit.all")}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="list-toolbar__field">
        <label htmlFor={`${id}-size`}>{t("adminKit.pageSize")}</label>
        <select
          id={`${id}-size`}
          name="pageSize"
          className="field__input"
          defaultValue={String(values.pageSize ?? 25)}
        >
          {LIST_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {values.sort ? <input type="hidden" name="sort" value={String(values.sort)} /> : null}
      {values.dir ? <input type="hidden" name="dir" value={String(values.dir)} /> : null}
      <div className="list-toolbar__actions">
        <button type="submit" className="button button--primary">
          {t("adminKit.apply")}
        </button>
        <Link to={location.pathname} className="button button--secondary">
          {t("adminKit.reset")}
        </Link>
      </div>
    </Form>
  );
}
