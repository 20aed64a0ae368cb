/**
 * The key dates of a season shown on the home page (the dates in order, with a countdown to
 * the next submission milestone), and the countdown itself. Pure: the clock is a parameter.
 */

export const KEY_DATE_KINDS = [
  "registrationOpens",
  "submissionOpens",
  "earlyBird",
  "registrationCloses",
  "submissionCloses",
  "lateDeadline",
  "ceremony",
] as const;
export type KeyDateKind = (typeof KEY_DATE_KINDS)[number];

export interface KeyDate {
  kind: KeyDateKind;
  /** ISO instant. */
  at: string;
}

/** A season's dates as stored (ISO strings, any of them not set yet). */
export type SeasonDates = Partial<Record<KeyDateKind, string | null>>;

/** The season's dates that are set and readable, in time order (kind order breaks ties). */
export function keyDatesOf(dates: SeasonDates): KeyDate[] {
  return KEY_DATE_KINDS.flatMap((kind) => {
    const at = dates[kind];
    return at && !Number.isNaN(Date.parse(at)) ? [{ kind, at }] : [];
  }).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
}

const MINUTE = 60_000;

/**
 * Whole days, hours and minutes left until `deadline`, rounded up to the minute so that the
 * last seconds still read "0 days 0 hours 1 minute"; null once the deadline has passed.
 */
export function countdownTo(deadline: string, now: Date): Countdown | null {
  const left = Date.parse(deadline) - now.getTime();
  if (Number.isNaN(left) || left <= 0) return null;
  const minutes = Math.ceil(left / MINUTE);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

/**
 * What the home page's countdown counts to: the opening of submission before it opens, the
 * submission deadline while entries go in at the usual fee, then the late deadline while late
 * entries are taken (core/submission-window.ts). `label` says which, and whether the deadline
 * is the last one ("deadline") or a late one follows it ("standardDeadline").
 */
export type CountdownLabel = "opening" | "deadline" | "standardDeadline" | "lateDeadline";

export interface CountdownTarget {
  label: CountdownLabel;
  /** The key date counted to. */
  kind: KeyDateKind;
  /** ISO instant counted to. */
  at: string;
}

const find = (dates: readonly KeyDate[], kind: KeyDateKind) =>
  dates.find((d) => d.kind === kind)?.at;

/**
 * The season's late deadline when it really extends submission (a readable instant after the
 * submission deadline), else null: a late deadline before the deadline opens no late window.
 */
export function lateDeadlineOf(dates: readonly KeyDate[]): string | null {
  const closes = find(dates, "submissionCloses");
  const late = find(dates, "lateDeadline");
  if (!closes || !late) return null;
  return Date.parse(late) > Date.parse(closes) ? late : null;
}

/** The countdown's target at `now`; null when nothing is ahead (or no deadline is set). */
export function countdownTarget(dates: readonly KeyDate[], now: Date): CountdownTarget | null {
  const closes = find(dates, "submissionCloses");
  if (!closes) return null;
  const t = now.getTime();
  const opens = find(dates, "submissionOpens");
  if (opens && t < Date.parse(opens))
    return { label: "opening", kind: "submissionOpens", at: opens };
  const late = lateDeadlineOf(dates);
  if (t < Date.parse(closes)) {
    return { label: late ? "standardDeadline" : "deadline", kind: "submissionCloses", at: closes };
  }
  if (late && t < Date.parse(late))
    return { label: "lateDeadline", kind: "lateDeadline", at: late };
  return null;
}

/**
 * The catalogue label of a key date (`home.keyDates.kinds.*`): the submission deadline is "the
 * final deadline" only when no late deadline follows it; then that one is the final one.
 */
export function keyDateLabel(
  date: KeyDate,
  dates: readonly KeyDate[],
): KeyDateKind | "standardSubmissionCloses" {
  return date.kind === "submissionCloses" && lateDeadlineOf(dates) !== null
    ? "standardSubmissionCloses"
    : date.kind;
}
