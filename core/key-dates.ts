/**
 * The key dates of a season shown on the home page (the dates in order, with a countdown to
 * the submission deadline), and the countdown itself. Pure: the clock is a parameter.
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
