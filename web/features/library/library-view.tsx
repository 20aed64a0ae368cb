import { useTranslation } from "../../i18n/use-translation";
import { Link, useLocation, useNavigation } from "react-router";
import { localeOf, type Lang } from "../../../core/languages";
import { isFiltered, type LibraryListPage } from "../../../core/library";
import { activeFilters, type ActiveFilter } from "./active-filters";
import { LibraryEntryCard } from "./card";
import { LibraryFilters } from "./filters";
import { LibraryPagination } from "./pagination";
import { libraryPath } from "./paths";
import { TO_RESULTS, useShowResults } from "../../lib/to-results";

/**
 * `/bai-du-thi`: the filters, the number of matching entries, the cards and the page links.
 * While a refinement loads, the current results stay (dimmed, `aria-busy`); nothing published
 * yet and nothing matching are told apart, the latter with links that each drop one condition.
 */
export function LibraryView({ data, lang }: { data: LibraryListPage; lang: Lang }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const { query, items, total, page, pageCount, facets, published } = data;
  const count = new Intl.NumberFormat(localeOf(lang)).format(total);
  const { results, focus } = useShowResults<HTMLElement, HTMLHeadingElement>();
  return (
    <>
      <LibraryFilters query={query} facets={facets} lang={lang} />
      <section
        ref={results}
        className={loading ? "library-results library-results--loading" : "library-results"}
        aria-labelledby="library-results-heading"
        aria-busy={loading}
      >
        <h2 id="library-results-heading" className="visually-hidden" tabIndex={-1} ref={focus}>
          {t("library.list.results")}
        </h2>
        <p className="library-results__total" role="status">
          {loading
            ? t("library.list.loading")
            : t(data.totalCapped ? "library.list.totalMore" : "library.list.total", {
                count: total,
                total: count,
              })}
        </p>
        {published === 0 ? (
          <div className="library-empty">
            <h3>{t("library.list.empty.title")}</h3>
            <p>{t("library.list.empty.body")}</p>
          </div>
        ) : items.length === 0 ? (
          <NoResults data={data} lang={lang} />
        ) : (
          <>
            <ul className="library-grid">
              {items.map((entry, index) => (
                <LibraryEntryCard key={entry.id} entry={entry} lang={lang} priority={index < 2} />
              ))}
            </ul>
            <LibraryPagination
              path={libraryPath("", lang)}
              query={query}
              page={page}
              pageCount={pageCount}
            />
          </>
        )}
      </section>
    </>
  );
}

function NoResults({ data, lang }: { data: LibraryListPage; lang: Lang }) {
  const { t } = useTranslation();
  const filters = activeFilters(data.query, data.facets, lang);
  const label = (filter: ActiveFilter) => {
    switch (filter.kind) {
      case "search":
        return t("library.list.noResults.removeSearch", { q: filter.value });
      case "year":
        return t("library.list.noResults.removeYear", { year: filter.value });
      case "track":
        return t("library.list.noResults.removeTrack", { name: filter.value });
      case "group":
        return t("library.list.noResults.removeGroup", { name: filter.value });
      case "category":
        return t("library.list.noResults.removeCategory", { name: filter.value });
      case "prize":
        return t("library.list.noResults.removePrize", {
          name: t(`winners.prize.${filter.value}`),
        });
    }
  };
  return (
    <div className="library-empty library-empty--no-match">
      <h3>{t("library.list.noResults.title")}</h3>
      <p>
        {data.query.q
          ? t("library.list.noResults.search", { q: data.query.q })
          : t("library.list.noResults.filters")}
      </p>
      {isFiltered(data.query) ? (
        <>
          <p>{t("library.list.noResults.hint")}</p>
          <ul className="library-empty__links">
            {filters.map((filter) => (
              <li key={`${filter.kind}-${filter.value}`}>
                <Link to={libraryPath(filter.without, lang)} state={TO_RESULTS} preventScrollReset>
                  {label(filter)}
                </Link>
              </li>
            ))}
            {filters.length > 1 ? (
              <li>
                <Link to={libraryPath("", lang)} state={TO_RESULTS} preventScrollReset>
                  {t("library.list.noResults.showAll")}
                </Link>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
    </div>
  );
}
