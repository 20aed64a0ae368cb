import type { Lang } from "./languages";
import { parseListQuery, type ListQuery, type ListSpec } from "./list-query";
import { REGISTRANT_TYPES, type RegistrantType } from "./registration";

/**
 * The registrants table of the back office (`/quan-tri/thi-sinh`): what it sorts by, filters
 * on and how its query string reads. The export (`/quan-tri/thi-sinh/xuat`) reads the same
 * query, so it downloads exactly the rows the table shows, on every page.
 */
export const REGISTRANT_SORTS = [
  "registered",
  "name",
  "type",
  "company",
  "email",
  "entries",
] as const;
export type RegistrantSort = (typeof REGISTRANT_SORTS)[number];

export const REGISTRANT_LIST = {
  sorts: REGISTRANT_SORTS,
  // The newest registrations first: what the secretariat checks during the season.
  defaultSort: "registered",
  defaultDir: "desc",
  filters: { type: REGISTRANT_TYPES },
} as const satisfies ListSpec<RegistrantSort, "type">;

export interface RegistrantListQuery extends ListQuery<RegistrantSort, "type"> {
  /** Only registrants with at least one entry in this season (year), else every registrant. */
  season: number | null;
}

const YEAR = /^\d{4}$/;

/** The table's state from the URL; anything unknown or malformed falls back to the defaults. */
export function parseRegistrantListQuery(
  params: URLSearchParams | Record<string, string | undefined>,
): RegistrantListQuery {
  const query = parseListQuery(params, REGISTRANT_LIST);
  const season = params instanceof URLSearchParams ? params.get("season") : params.season;
  return { ...query, season: season && YEAR.test(season) ? Number(season) : null };
}

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The most registrants one export file holds (every registrant of a season fits many times
 * over). More matching the filter are not cut off silently: the list offers no download and
 * asks for a narrower filter, and the export refuses (see exportRegistrants).
 */
export const REGISTRANT_EXPORT_MAX_ROWS = 50_000;

/** An export's row limit as people read it: "50.000" in Vietnamese, "50,000" in English. */
export function formatExportRows(rows: number, lang: Lang): string {
  return rows.toLocaleString(lang === "en" ? "en-GB" : "vi-VN");
}

/** `?format=` of an export: csv or xlsx, else null (the page answers 400). */
export function parseExportFormat(value: string | null | undefined): ExportFormat | null {
  return (EXPORT_FORMATS as readonly string[]).includes(value ?? "")
    ? (value as ExportFormat)
    : null;
}

/** The name the tables show for a registrant: the company for an enterprise, else the person. */
export function registrantDisplayName(registrant: {
  type: RegistrantType;
  fullName: string;
  companyName: string | null;
}): string {
  return registrant.type === "enterprise" && registrant.companyName
    ? registrant.companyName
    : registrant.fullName;
}

/**
 * Extra search text for a phone typed the way people write it (`0912 345 678`): numbers are
 * stored in E.164 (`+84912345678`), so a leading 0 also searches as `+84`. Null otherwise.
 */
export function phoneSearchText(q: string): string | null {
  const digits = q.replace(/[\s.-]/g, "");
  return /^0\d{2,}$/.test(digits) ? `+84${digits.slice(1)}` : null;
}
