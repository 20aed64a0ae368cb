import { pickLang, type Lang } from "../../../core/languages";
import { libraryQueryString, type LibraryFacets, type LibraryQuery } from "../../../core/library";

/** One condition the visitor chose, and the library state without it. */
export interface ActiveFilter {
  kind: "search" | "year" | "track" | "group" | "category" | "prize";
  /** What the condition shows: the search words, a year, or a track/group/category name. */
  value: string;
  /** The query string (no `?`) of the same state without this condition, from page 1. */
  without: string;
}

/**
 * The conditions of a library state, each with the link that drops it — what a "no results"
 * page offers. Dropping a track drops its group and categories too (they only mean something
 * inside it); names come from the facets in the page's language, codes when a name is unknown.
 */
export function activeFilters(
  query: LibraryQuery,
  facets: LibraryFacets,
  lang: Lang,
): ActiveFilter[] {
  const base: LibraryQuery = { ...query, page: 1 };
  const qs = (change: Partial<LibraryQuery>) => libraryQueryString({ ...base, ...change });
  const track = facets.tracks.find((t) => t.code === query.track);
  const group = track?.groups.find((g) => g.slug === query.group);
  const filters: ActiveFilter[] = [];
  if (query.q) filters.push({ kind: "search", value: query.q, without: qs({ q: "" }) });
  if (query.year)
    filters.push({ kind: "year", value: String(query.year), without: qs({ year: null }) });
  if (query.track)
    filters.push({
      kind: "track",
      value: track ? pickLang(track, lang) : query.track,
      without: qs({ track: null, group: null, categories: [] }),
    });
  if (query.track && query.group)
    filters.push({
      kind: "group",
      value: group ? pickLang(group, lang) : query.group,
      without: qs({ group: null, categories: [] }),
    });
  if (query.track && query.group)
    for (const code of query.categories) {
      const category = group?.categories.find((c) => c.code === code);
      filters.push({
        kind: "category",
        value: category ? pickLang(category, lang) : code,
        without: qs({ categories: query.categories.filter((c) => c !== code) }),
      });
    }
  if (query.prize)
    filters.push({ kind: "prize", value: query.prize, without: qs({ prize: null }) });
  return filters;
}
