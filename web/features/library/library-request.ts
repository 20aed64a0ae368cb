import { langOfPath, type Lang } from "../../../core/languages";
import {
  libraryQueryString,
  parseLibraryQuery,
  type LibraryListPage,
  type LibraryQuery,
} from "../../../core/library";
import { libraryPath } from "./paths";

/**
 * A request for the library page read into its state: the language, the query, and — when the
 * address is not written in the one canonical form (a form sent without JavaScript, with its
 * empty fields; parameters out of order) — where to send it instead.
 */
export function readLibraryRequest(url: URL): {
  lang: Lang;
  query: LibraryQuery;
  canonical: string;
  redirectTo: string | null;
} {
  const lang = langOfPath(url.pathname);
  const query = parseLibraryQuery(url.searchParams);
  const canonical = libraryQueryString(query);
  const redirectTo =
    new URLSearchParams(url.search).toString() === canonical ? null : libraryPath(canonical, lang);
  return { lang, query, canonical, redirectTo };
}

/** Where to go when the chosen group is not one of the chosen track's (the list without it). */
export function misplacedGroupRedirect(page: LibraryListPage, lang: Lang): string | null {
  const { query } = page;
  const track = page.facets.tracks.find((t) => t.code === query.track);
  if (!query.group || !track || track.groups.some((g) => g.slug === query.group)) return null;
  return libraryPath(libraryQueryString({ ...query, group: null, categories: [] }), lang);
}
