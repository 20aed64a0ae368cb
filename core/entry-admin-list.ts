import { missingItems } from "./entry";
import type { EntryLock } from "./entry-lock";
import { canTransition, ENTRY_STATUSES, reopensScreening, type EntryStatus } from "./entry-status";
import { parseListQuery, type ListQuery, type ListSpec } from "./list-query";
import type { StaffRole } from "./roles";

/**
 * The back office's entries table (`/quan-tri/bai-du-thi`) and its export: which columns sort,
 * which filters exist, and the derived columns (payment state, completeness) both show.
 */

export const ENTRY_LIST_SORTS = [
  "updated",
  "submitted",
  "code",
  "title",
  "brand",
  "track",
  "group",
  "category",
  "registrant",
  "type",
  "status",
  "payment",
  "completeness",
] as const;
export type EntryListSort = (typeof ENTRY_LIST_SORTS)[number];

/**
 * An entry's payment state follows its lifecycle: `not_due` (nothing to pay: a draft, or
 * withdrawn/rejected before paying), `due` (submitted, waiting for the fee) or `paid`; and
 * `refunded` when its fee was paid back and it has not been paid again since.
 */
export const PAYMENT_STATES = ["not_due", "due", "paid", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const REGISTRANT_TYPES = ["individual", "enterprise"] as const;
export type RegistrantType = (typeof REGISTRANT_TYPES)[number];

/**
 * When an entry was first submitted against the season's submission deadline
 * (core/submission-window.ts `submittedAfterDeadline`): `late` at or after it, in the season's
 * late period; `on_time` before it, or in a season without a deadline. An entry never
 * submitted is neither.
 */
export const SUBMISSION_TIMINGS = ["on_time", "late"] as const;
export type SubmissionTiming = (typeof SUBMISSION_TIMINGS)[number];

/**
 * The `status` filter's value that lists drafts too. Without a status filter the table shows
 * every status except `draft`: organisers work on what entrants have sent, and unfinished
 * (often abandoned) drafts would bury it; `status=draft` or `status=all` shows them.
 */
export const ALL_STATUSES = "all";
export const ENTRY_LIST_STATUS_FILTERS = [ALL_STATUSES, ...ENTRY_STATUSES] as const;

const SPEC = {
  sorts: ENTRY_LIST_SORTS,
  defaultSort: "updated",
  defaultDir: "desc",
  defaultPageSize: 25,
  filters: {
    status: ENTRY_LIST_STATUS_FILTERS,
    payment: PAYMENT_STATES,
    type: REGISTRANT_TYPES,
    submitted: SUBMISSION_TIMINGS,
  },
} as const satisfies ListSpec<EntryListSort, EntryListFilter>;

/** The table's filters of the shared list query (`submitted`: a `SubmissionTiming`). */
export type EntryListFilter = "status" | "payment" | "type" | "submitted";

/** The table's query: the shared list query plus the season (a year) and the catalogue filters. */
export interface EntryListQuery extends ListQuery<EntryListSort, EntryListFilter> {
  /** The season's year; null means the current season. */
  season: number | null;
  /** A track, group or category of that season: its id or its slug; null means any. */
  track: string | null;
  group: string | null;
  category: string | null;
}

type Params = URLSearchParams | Record<string, string | undefined>;
const get = (params: Params, name: string): string | undefined =>
  params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name];

/** An id (digits) or a slug (lower-case words with hyphens); anything else is no filter. */
function catalogueRef(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  return /^(\d{1,9}|[a-z0-9]+(-[a-z0-9]+)*)$/.test(text) && text.length <= 120 ? text : null;
}

export function parseEntryListQuery(params: Params): EntryListQuery {
  const base = parseListQuery(params, SPEC);
  const season = Number(get(params, "season"));
  return {
    ...base,
    season: Number.isInteger(season) && season >= 2000 && season <= 2999 ? season : null,
    track: catalogueRef(get(params, "track")),
    group: catalogueRef(get(params, "group")),
    category: catalogueRef(get(params, "category")),
  };
}

/** The option a filter's track, group or category names, by its id or its slug. */
export function catalogueOptionOf(
  ref: string | null,
  list: readonly CatalogueOption[],
): CatalogueOption | undefined {
  return ref === null
    ? undefined
    : list.find((option) => String(option.id) === ref || option.slug === ref);
}

/** The catalogue filters, from the widest to the narrowest. */
export const CATALOGUE_LEVELS = ["track", "group", "category"] as const;
export type CatalogueLevel = (typeof CATALOGUE_LEVELS)[number];

/** A track, group and category chosen in the filters (an id or a slug each; null means any). */
export type CatalogueChoice = Record<CatalogueLevel, string | null>;

/** One season's tracks, groups and categories, as the filters offer them. */
export interface SeasonCatalogue {
  tracks: CatalogueOption[];
  groups: CatalogueOption[];
  categories: CatalogueOption[];
}

const LIST_OF: Record<CatalogueLevel, keyof SeasonCatalogue> = {
  track: "tracks",
  group: "groups",
  category: "categories",
};

/**
 * A choice kept within a season's catalogue: each track, group or category it names (by id or
 * slug) stays when the season has it, else it is dropped and listed in `dropped`. Catalogue
 * ids are per season, so a choice made for one season names nothing in another. The server
 * reports what it dropped from the address; the filters, switching the season in place, clear
 * and announce the same.
 */
export function keepWithinCatalogue(
  choice: CatalogueChoice,
  catalogue: SeasonCatalogue,
): { kept: CatalogueChoice; dropped: CatalogueLevel[] } {
  const kept = { ...choice };
  const dropped: CatalogueLevel[] = [];
  for (const level of CATALOGUE_LEVELS) {
    if (choice[level] !== null && !catalogueOptionOf(choice[level], catalogue[LIST_OF[level]])) {
      kept[level] = null;
      dropped.push(level);
    }
  }
  return { kept, dropped };
}

/**
 * The query with its track, group and category kept only when they belong to the season the
 * table shows (by id or slug). One left in the address after the season was changed would
 * list nothing while the filters, which cannot show it, say "all".
 */
export function withinSeasonCatalogue(
  query: EntryListQuery,
  catalogue: SeasonCatalogue,
): EntryListQuery {
  return { ...query, ...keepWithinCatalogue(query, catalogue).kept };
}

/** The track, group or category the address names that the season shown does not have. */
export function catalogueFiltersDropped(
  query: EntryListQuery,
  catalogue: SeasonCatalogue,
): CatalogueLevel[] {
  return keepWithinCatalogue(query, catalogue).dropped;
}

/** A season's catalogue from the filters' options; an unknown season has none. */
export function catalogueOfSeason(options: EntryFilterOptions, year: number): SeasonCatalogue {
  return options.catalogues[String(year)] ?? { tracks: [], groups: [], categories: [] };
}

/** The query string of a list query (defaults left out), for links and the export. */
export function entryListSearch(query: EntryListQuery, changes: Record<string, string> = {}) {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | null | undefined, fallback?: string) => {
    if (value !== null && value !== undefined && value !== "" && String(value) !== fallback) {
      params.set(name, String(value));
    }
  };
  put("season", query.season);
  put("track", query.track);
  put("group", query.group);
  put("category", query.category);
  put("status", query.filters.status);
  put("payment", query.filters.payment);
  put("type", query.filters.type);
  put("submitted", query.filters.submitted);
  put("q", query.q);
  put("sort", query.sort, SPEC.defaultSort);
  put("dir", query.dir, SPEC.defaultDir);
  put("page", query.page, "1");
  put("pageSize", query.pageSize, String(SPEC.defaultPageSize));
  for (const [name, value] of Object.entries(changes)) {
    if (value === "") params.delete(name);
    else params.set(name, value);
  }
  return params.toString();
}

/**
 * The payment state of each status, by whether the entry was ever marked paid (its history
 * holds a move to `paid`). Screening only starts from `paid`, so every later status was paid;
 * a withdrawn or rejected entry owes nothing unless it had paid already; a resubmitted entry
 * was paid before it was sent back for changes.
 */
export const PAYMENT_STATE_OF_STATUS: Readonly<
  Record<EntryStatus, { everPaid: PaymentState; neverPaid: PaymentState }>
> = {
  draft: { everPaid: "not_due", neverPaid: "not_due" },
  submitted: { everPaid: "paid", neverPaid: "due" },
  paid: { everPaid: "paid", neverPaid: "paid" },
  accepted: { everPaid: "paid", neverPaid: "paid" },
  needs_changes: { everPaid: "paid", neverPaid: "paid" },
  rejected: { everPaid: "paid", neverPaid: "not_due" },
  shortlisted: { everPaid: "paid", neverPaid: "paid" },
  winner: { everPaid: "paid", neverPaid: "paid" },
  finalist: { everPaid: "paid", neverPaid: "paid" },
  not_awarded: { everPaid: "paid", neverPaid: "paid" },
  withdrawn: { everPaid: "paid", neverPaid: "not_due" },
};

/**
 * Whether an entry's fee was refunded after it was last marked paid (instants as stored, ISO
 * UTC): a refund moves the entry back at the refund's instant, a later payment moves it to
 * `paid` again. The entries table computes the same in SQL (entry-admin/queries.ts).
 */
export function refundedSincePaid(lastPaidAt: string | null, lastRefundedAt: string | null) {
  return lastRefundedAt !== null && (lastPaidAt === null || lastPaidAt <= lastRefundedAt);
}

/**
 * The payment state of an entry in `status`: `refunded` when a refund of its fee is newer than
 * its last move to `paid` (`refundedSincePaid`), whatever its status says (a refund moves only
 * entries still `paid` back); else by whether it was ever marked paid.
 */
export function paymentStateOf(
  status: EntryStatus,
  everPaid: boolean,
  refundedSincePaid = false,
): PaymentState {
  if (refundedSincePaid && status !== "draft") return "refunded";
  const states = PAYMENT_STATE_OF_STATUS[status];
  return everPaid ? states.everPaid : states.neverPaid;
}

/** How many items submitting requires (core/entry.ts): the denominator of "completeness". */
export const REQUIRED_ITEMS_TOTAL = missingItems({}, { videoRequired: true }).length;

export interface Completeness {
  present: number;
  total: number;
}

/** "9/12": the required items an entry has, out of all of them. */
export function completenessOf(missingCount: number): Completeness {
  const missing = Math.min(Math.max(0, Math.floor(missingCount)), REQUIRED_ITEMS_TOTAL);
  return { present: REQUIRED_ITEMS_TOTAL - missing, total: REQUIRED_ITEMS_TOTAL };
}

/** "26–50 / 312": the rows a page shows, from 1, and the total. */
export function pageRange(page: number, pageSize: number, total: number) {
  if (total === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize), total };
}

/**
 * The statuses a staff role may move some entry to: what the bulk change offers it. A
 * reopened screening is one entry at a time (its own page), so it gives no target here.
 */
export function bulkTargetsFor(role: StaffRole): EntryStatus[] {
  return ENTRY_STATUSES.filter((to) =>
    ENTRY_STATUSES.some((from) => canTransition(from, to, role) && !reopensScreening(from, to)),
  );
}

/** One row of the back office's entries table (and of its export). */
export interface EntryListRow {
  id: string;
  code: string | null;
  status: EntryStatus;
  statusVersion: number;
  title: string;
  brand: string;
  descriptionVi: string;
  descriptionEn: string;
  track: { id: number; name: string } | null;
  group: { id: number; name: string } | null;
  category: { id: number; code: string; name: string } | null;
  registrant: {
    type: RegistrantType | null;
    name: string;
    email: string;
    phone: string | null;
    taxCode: string | null;
  };
  payment: PaymentState;
  completeness: Completeness;
  submittedAt: string | null;
  /** First submitted after the season's submission deadline, in its late period. */
  submittedLate: boolean;
  updatedAt: string;
  /** While the entry waits for changes: the end of the day they are due (an instant). */
  changesDueAt: string | null;
  /**
   * While the entry waits for changes: when its entrant's editing really ends, the due date or
   * the season's deadline when that is later (core/entry-lock.ts).
   */
  editableUntil: EntryLock | null;
}

/** A track, group or category the filters offer. */
export interface CatalogueOption {
  id: number;
  slug: string;
  name: string;
  /** The track of a group, the group of a category. */
  parentId: number | null;
}

/**
 * What the entries table's filters offer: every season, the catalogue of the season shown, and
 * every season's catalogue by year, so a new season chosen in the filters offers its own
 * tracks, groups and categories at once.
 */
export interface EntryFilterOptions extends SeasonCatalogue {
  seasons: { year: number; name: string }[];
  catalogues: Record<string, SeasonCatalogue>;
}
