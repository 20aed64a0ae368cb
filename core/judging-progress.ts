import type { RoundState } from "./judging-rounds";

/**
 * How far the judging of a round has come, as the back-office dashboard shows it. The work
 * expected of a round is what its jury manager's page counts per judge: every entry the judge
 * is assigned (by category or by entry, in the round, not kept away from its owner), less the
 * entries on which they declared a conflict; a sheet counts once it is saved on such an entry.
 */

/** One judge's work in a round (the judging module's `progressOf`). */
export interface JudgeWork {
  assigned: number;
  scored: number;
  conflicts: number;
}

export interface RoundWork {
  /** Score sheets expected of the round's judges. */
  expected: number;
  /** Score sheets saved of those expected. */
  submitted: number;
  /** Whole percent submitted; null when no sheet is expected. */
  percent: number | null;
}

/**
 * Whole percent of `done` out of `expected`, rounded down so that 100 means every sheet is in
 * (499 of 500 shows 99, not 100). Null when nothing is expected; never above 100.
 */
export function percentDone(done: number, expected: number): number | null {
  if (expected <= 0) return null;
  return Math.min(100, Math.floor((Math.max(0, done) * 100) / expected));
}

/** A round's sheets expected and submitted, summed over its judges. */
export function roundWork(judges: readonly JudgeWork[]): RoundWork {
  let expected = 0;
  let submitted = 0;
  for (const judge of judges) {
    expected += Math.max(0, judge.assigned - judge.conflicts);
    submitted += judge.scored;
  }
  return { expected, submitted, percent: percentDone(submitted, expected) };
}

/** One round of a season on the dashboard, in the season's order. */
export interface RoundProgressLine extends RoundWork {
  id: number;
  position: number;
  nameVi: string;
  nameEn: string;
  state: RoundState;
  /** Entries judged in the round. */
  entries: number;
  /** Judges with at least one assignment in the round. */
  judges: number;
}
