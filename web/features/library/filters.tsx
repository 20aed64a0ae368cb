import { useId, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useNavigate } from "react-router";
import type { WinnerPrize } from "../../../core/content-admin";
import { pickLang, type Lang } from "../../../core/languages";
import { libraryQueryString, type LibraryFacets, type LibraryQuery } from "../../../core/library";
import { libraryPath } from "./paths";
import { TO_RESULTS } from "../../lib/to-results";

/**
 * The library's search box and filters (seed §3: year, track, the group of the track, several
 * categories of the group, prize). A plain GET form that works without JavaScript; with it,
 * each choice applies at once through a client navigation to the canonical URL, so every state
 * is an address (shareable, back and forward work) and the page is never reloaded.
 */
export function LibraryFilters({
  query,
  facets,
  lang,
}: {
  query: LibraryQuery;
  facets: LibraryFacets;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [state, setState] = useState(query);
  // A navigation (back/forward, a link) brings a new state from the loader: show it in the same
  // render, so no choice is ever made on the previous state.
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    setShown(query);
    setState(query);
  }

  const apply = (next: LibraryQuery) => {
    setState(next);
    void navigate(libraryPath(libraryQueryString({ ...next, page: 1 }), lang), {
      preventScrollReset: true,
    });
  };

  const track = facets.tracks.find((c) => c.code === state.track);
  const group = track?.groups.find((g) => g.slug === state.group);
  const selected = new Set(state.categories);

  return (
    <form
      method="get"
      action={libraryPath("", lang)}
      className="library-filters"
      role="search"
      aria-label={t("library.list.filters")}
      onSubmit={(event) => {
        event.preventDefault();
        apply(state);
      }}
    >
      <div className="library-filters__search">
        <label htmlFor={`${id}-q`}>{t("library.list.search")}</label>
        <div className="library-filters__search-row">
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={state.q}
            maxLength={200}
            aria-describedby={`${id}-q-hint`}
            onChange={(event) => setState({ ...state, q: event.target.value })}
          />
          <button type="submit" className="button button--primary">
            {t("library.list.searchButton")}
          </button>
        </div>
        <p id={`${id}-q-hint`} className="library-filters__hint">
          {t("library.list.searchHint")}
        </p>
      </div>

      <div className="library-filters__selects">
        <p className="library-filters__field">
          <label htmlFor={`${id}-year`}>{t("library.list.year")}</label>
          <select
            id={`${id}-year`}
            name="year"
            value={state.year ?? ""}
            onChange={(event) =>
              apply({ ...state, year: event.target.value ? Number(event.target.value) : null })
            }
          >
            <option value="">{t("library.list.allYears")}</option>
            {withCurrent(facets.years, state.year).map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </p>
        <p className="library-filters__field">
          <label htmlFor={`${id}-track`}>{t("library.list.track")}</label>
          <select
            id={`${id}-track`}
            name="track"
            value={state.track ?? ""}
            onChange={(event) =>
              apply({ ...state, track: event.target.value || null, group: null, categories: [] })
            }
          >
            <option value="">{t("library.list.allTracks")}</option>
            {facets.tracks.map((option) => (
              <option key={option.code} value={option.code}>
                {pickLang(option, lang)}
              </option>
            ))}
            {state.track && !track ? <option value={state.track}>{state.track}</option> : null}
          </select>
        </p>
        <p className="library-filters__field">
          <label htmlFor={`${id}-group`}>{t("library.list.group")}</label>
          <select
            id={`${id}-group`}
            name="group"
            value={state.group ?? ""}
            disabled={!state.track}
            aria-describedby={state.track ? undefined : `${id}-group-hint`}
            onChange={(event) =>
              apply({ ...state, group: event.target.value || null, categories: [] })
            }
          >
            <option value="">{t("library.list.allGroups")}</option>
            {(track?.groups ?? []).map((option) => (
              <option key={option.slug} value={option.slug}>
                {pickLang(option, lang)}
              </option>
            ))}
            {state.group && !group ? <option value={state.group}>{state.group}</option> : null}
          </select>
          {state.track ? null : (
            <span id={`${id}-group-hint`} className="library-filters__hint">
              {t("library.list.groupHint")}
            </span>
          )}
        </p>
        <p className="library-filters__field">
          <label htmlFor={`${id}-prize`}>{t("library.list.prize")}</label>
          <select
            id={`${id}-prize`}
            name="prize"
            value={state.prize ?? ""}
            onChange={(event) =>
              apply({ ...state, prize: (event.target.value || null) as WinnerPrize | null })
            }
          >
            <option value="">{t("library.list.allPrizes")}</option>
            {withCurrent(facets.prizes, state.prize).map((prize) => (
              <option key={prize} value={prize}>
                {t(`winners.prize.${prize}`)}
              </option>
            ))}
          </select>
        </p>
      </div>

      {group && group.categories.length > 0 ? (
        <fieldset className="library-filters__categories">
          <legend>{t("library.list.categories")}</legend>
          <ul>
            {group.categories.map((category) => (
              <li key={category.code}>
                <label>
                  <input
                    type="checkbox"
                    name="category"
                    value={category.code}
                    checked={selected.has(category.code)}
                    onChange={(event) =>
                      apply({
                        ...state,
                        categories: event.target.checked
                          ? [...state.categories, category.code]
                          : state.categories.filter((c) => c !== category.code),
                      })
                    }
                  />{" "}
                  {pickLang(category, lang)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      <p className="library-filters__actions">
        <button type="submit" className="button button--secondary">
          {t("library.list.apply")}
        </button>
        {query.q || query.year || query.track || query.prize ? (
          <Link
            to={libraryPath("", lang)}
            state={TO_RESULTS}
            className="library-filters__clear"
            preventScrollReset
          >
            {t("library.list.clear")}
          </Link>
        ) : null}
      </p>
    </form>
  );
}

/** The options plus the chosen value when the facets do not list it (a shared link's). */
function withCurrent<T>(options: T[], current: T | null): T[] {
  return current === null || options.includes(current) ? options : [current, ...options];
}
