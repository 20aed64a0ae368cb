import { ENTRY_STATUSES, isSubmittedStatus, type EntryStatus } from "./entry-status";
import { categoryFeeOn, totalVnd, type CategoryPrices, type SeasonFeeDates } from "./fees";
import type { RoundProgressLine } from "./judging-progress";

/**
 * The back-office dashboard's figures, computed from grouped counts the server reads in a
 * few SQL aggregates: counts by status, track, category and registrant type, per-day series
 * in Vietnam days (UTC+7 all year, no daylight saving) with the empty days filled in, and the
 * fees due and collected, estimated from entries' statuses until payments are recorded.
 */

const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A series never runs longer than this, whatever dates a season was given. */
export const MAX_SERIES_DAYS = 400;

/** The Vietnam calendar day (`YYYY-MM-DD`) of an instant: ISO text, or its leading part. */
export function vietnamDay(instant: string): string {
  const time = Date.parse(completeInstant(instant));
  if (Number.isNaN(time)) throw new RangeError(`Not an instant: ${instant}`);
  return new Date(time + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * `2026-09-01T03` (an hour, as SQL groups it with `substr`) and `2026-09-01T03:15` (a minute)
 * are read as the start of that hour or minute in UTC.
 */
export function completeInstant(prefix: string): string {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}$/.test(prefix)) return `${prefix}:00:00.000Z`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(prefix)) return `${prefix}:00.000Z`;
  return prefix;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export interface DayCount {
  /** `YYYY-MM-DD`, a Vietnam calendar day. */
  day: string;
  count: number;
}

/**
 * Counts per Vietnam day from `from` to `to` (both included), every day present, empty days
 * at zero. `points` are instants (or SQL's hour/minute prefixes) with a count each; those
 * outside the range are left out.
 */
export function dailySeries(
  points: readonly { at: string; count: number }[],
  from: string,
  to: string,
): DayCount[] {
  const byDay = new Map<string, number>();
  for (const point of points) {
    const day = vietnamDay(point.at);
    byDay.set(day, (byDay.get(day) ?? 0) + point.count);
  }
  const series: DayCount[] = [];
  for (let day = from; day <= to && series.length < MAX_SERIES_DAYS; day = addDays(day, 1)) {
    series.push({ day, count: byDay.get(day) ?? 0 });
  }
  return series;
}

/** The dates of a season a dashboard series is drawn against (ISO UTC or null). */
export interface SeriesSeason {
  registrationOpensAt: string | null;
  submissionOpensAt: string | null;
  submissionClosesAt: string | null;
  lateDeadline: string | null;
}

/**
 * The days a season's series cover: from registration (or submission) opening, or the first
 * day with data if earlier, to today or the last deadline, whichever comes first — stretched
 * to the last day with data. Null when there is nothing to draw.
 */
export function seriesRange(
  season: SeriesSeason,
  now: Date,
  dataInstants: readonly string[],
): { from: string; to: string } | null {
  const dataDays = dataInstants.map(vietnamDay).sort();
  const opens = season.registrationOpensAt ?? season.submissionOpensAt;
  const starts = [...(opens ? [vietnamDay(opens)] : []), ...dataDays.slice(0, 1)].sort();
  const from = starts[0];
  if (!from) return null;
  const today = vietnamDay(now.toISOString());
  const last = season.lateDeadline ?? season.submissionClosesAt;
  const end = last && vietnamDay(last) < today ? vietnamDay(last) : today;
  const lastData = dataDays[dataDays.length - 1];
  let to = lastData && lastData > end ? lastData : end;
  if (to < from) to = from;
  const cap = addDays(from, MAX_SERIES_DAYS - 1);
  return { from, to: to > cap ? cap : to };
}

/** Statuses an entry can only reach after it was paid for. */
const PAID_STATUSES: ReadonlySet<EntryStatus> = new Set([
  "paid",
  "accepted",
  "needs_changes",
  "rejected",
  "shortlisted",
  "winner",
  "finalist",
  "not_awarded",
]);

/** Whether an entry in this status has been paid for (every status after `paid`). */
export function hasBeenPaid(status: string): boolean {
  return PAID_STATUSES.has(status as EntryStatus);
}

/** Entries grouped by their submission minute (UTC `YYYY-MM-DDTHH:mm`), category and status. */
export interface SubmissionGroup {
  minute: string;
  categoryId: number | null;
  status: string;
  count: number;
}

export interface FeeEstimate {
  /** Submitted and not yet paid: the fee each owes. */
  dueVnd: number;
  dueEntries: number;
  /** Reached `paid` (or any later status): the fee each paid. */
  collectedVnd: number;
  collectedEntries: number;
}

/**
 * Fees due and collected, estimated from statuses: each entry's fee is its category's price
 * in the tier of its submission time (`core/fees.ts`); once that tier has closed, the standard
 * price. An estimate until payments are recorded with their amounts.
 */
export function estimateFees(
  groups: readonly SubmissionGroup[],
  season: SeasonFeeDates,
  prices: ReadonlyMap<number, CategoryPrices>,
): FeeEstimate {
  const due: number[] = [];
  const collected: number[] = [];
  let dueEntries = 0;
  let collectedEntries = 0;
  for (const group of groups) {
    const paid = hasBeenPaid(group.status);
    if (!paid && group.status !== "submitted") continue;
    const price = group.categoryId === null ? undefined : prices.get(group.categoryId);
    if (!price) continue;
    const quote = categoryFeeOn(season, price, new Date(completeInstant(group.minute)));
    const each = quote?.amountVnd ?? price.feeVnd;
    const amount = totalVnd(Array.from({ length: group.count }, () => each));
    if (paid) {
      collected.push(amount);
      collectedEntries += group.count;
    } else {
      due.push(amount);
      dueEntries += group.count;
    }
  }
  return {
    dueVnd: totalVnd(due),
    dueEntries,
    collectedVnd: totalVnd(collected),
    collectedEntries,
  };
}

/** Entries grouped by status, track, category and registrant type. */
export interface EntryGroup {
  status: string;
  trackId: number | null;
  categoryId: number | null;
  registrantType: string | null;
  count: number;
}

export interface EntryBreakdown {
  total: number;
  /** Every status in lifecycle order, zeros included. */
  byStatus: { status: EntryStatus; count: number }[];
  /** Entries that count (submitted, not withdrawn or rejected), by track id. */
  byTrack: Map<number, number>;
  byCategory: Map<number, number>;
  byRegistrantType: { type: "individual" | "enterprise"; count: number }[];
  /** Entries that count, in all. */
  counted: number;
}

/** The counts the dashboard shows, from the grouped rows. */
export function breakDownEntries(groups: readonly EntryGroup[]): EntryBreakdown {
  const status = new Map<string, number>();
  const byTrack = new Map<number, number>();
  const byCategory = new Map<number, number>();
  const types = { individual: 0, enterprise: 0 };
  let total = 0;
  let counted = 0;
  const add = (map: Map<number, number>, key: number | null, n: number) => {
    if (key !== null) map.set(key, (map.get(key) ?? 0) + n);
  };
  for (const g of groups) {
    total += g.count;
    status.set(g.status, (status.get(g.status) ?? 0) + g.count);
    if (!isSubmittedStatus(g.status as EntryStatus)) continue;
    counted += g.count;
    add(byTrack, g.trackId, g.count);
    add(byCategory, g.categoryId, g.count);
    if (g.registrantType === "individual" || g.registrantType === "enterprise") {
      types[g.registrantType] += g.count;
    }
  }
  return {
    total,
    counted,
    byStatus: ENTRY_STATUSES.map((s) => ({ status: s, count: status.get(s) ?? 0 })),
    byTrack,
    byCategory,
    byRegistrantType: [
      { type: "enterprise", count: types.enterprise },
      { type: "individual", count: types.individual },
    ],
  };
}

/** What the dashboard shows of a season (the server's answer, the page's input). */
export interface NamedCount {
  id: number;
  code: string;
  nameVi: string;
  nameEn: string;
  count: number;
}

export interface DashboardFigures {
  season: {
    year: number;
    nameVi: string;
    nameEn: string;
    submissionClosesAt: string | null;
    /** Late entries are taken until this instant, when the season allows them. */
    lateDeadline: string | null;
    /** The Vietnam day of the submission deadline, marked on the submissions chart. */
    deadlineDay: string | null;
  };
  /** Every entry of the season, drafts included. */
  total: number;
  /** Entries that count (submitted, not withdrawn or rejected). */
  counted: number;
  byStatus: { status: EntryStatus; count: number }[];
  byTrack: NamedCount[];
  byCategory: (NamedCount & { trackId: number })[];
  byRegistrantType: { type: "individual" | "enterprise"; count: number }[];
  submissionsPerDay: DayCount[];
  /** Registrant profiles created per day over the same days. */
  registrationsPerDay: DayCount[];
  /** Null for a viewer whose role may not see money (`seesMoney`): never computed nor sent. */
  fees: FeeEstimate | null;
  /** The season's judging rounds in order, each with its progress; empty before the first. */
  judging: RoundProgressLine[];
}

/** `?season=2026` as the dashboard reads it, or null. */
export function parseSeasonParam(value: string | null): number | null {
  return value && /^\d{4}$/.test(value) ? Number(value) : null;
}
