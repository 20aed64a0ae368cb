import type { LibraryFacets } from "../../../core/library";

/**
 * How long kept filter offers may be used at most. The library's own changes are seen at once
 * (the version); this bounds how long a renamed category or track (the season's settings,
 * which also clear every process's pages through the content-change notice) can show its old
 * name if that notice is missed.
 */
export const FACETS_KEPT_MS = 60_000;

/** A year's filter offers with the library version they were read at. */
interface Kept {
  version: number;
  at: number;
  facets: LibraryFacets;
}

export interface FacetMemo {
  /** The offers for `year` (null: the newest) read at `version`, if still kept. */
  current(year: number | null, version: number): LibraryFacets | null;
  keep(year: number | null, version: number, facets: LibraryFacets): void;
  /** Forgets everything (content changed somewhere). */
  clear(): void;
}

/**
 * What the library's filters offer (years, the category tree, prizes) changes only when the
 * library or the season's categories do, yet reading it is three queries: most of a list
 * request's round trips on PostgreSQL. Kept per year asked for (at most one per valid year),
 * and used only while the library's version is the one they were read at.
 */
export function createFacetMemo(now: () => number = Date.now): FacetMemo {
  const kept = new Map<number | null, Kept>();
  return {
    current(year, version) {
      const entry = kept.get(year);
      if (!entry) return null;
      if (entry.version !== version || now() - entry.at > FACETS_KEPT_MS) {
        kept.delete(year);
        return null;
      }
      return entry.facets;
    },
    keep(year, version, facets) {
      kept.set(year, { version, at: now(), facets });
    },
    clear() {
      kept.clear();
    },
  };
}
