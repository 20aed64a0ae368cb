import type { EntryStatus } from "./entry-status";

/**
 * What judging does to an entry's status (PRODUCT §3, §4): an entry advanced into a later round
 * is shortlisted; publishing the season's winners gives every judged entry its result.
 *
 * - a prize → `winner`;
 * - no prize, but in the last of several rounds → `finalist`;
 * - otherwise → `not_awarded` (round 1 judged it and it went no further).
 *
 * Publishing again after a prize changed corrects an earlier result (winner ↔ finalist ↔ not
 * awarded): the public winners list and the entrant's status must say the same thing. Entries
 * in any other state (withdrawn, rejected, not yet screened) are never moved by judging.
 */

export const RESULT_STATUSES = [
  "winner",
  "finalist",
  "not_awarded",
] as const satisfies readonly EntryStatus[];
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export function isResultStatus(status: string): status is ResultStatus {
  return (RESULT_STATUSES as readonly string[]).includes(status);
}

/** Where judging takes an entry: into a later round, or to its published result. */
export type JudgingTarget = "shortlisted" | ResultStatus;

/** The result publishing gives a judged entry of a season with `rounds` rounds. */
export function judgedResult(facts: {
  prized: boolean;
  inFinalRound: boolean;
  rounds: number;
}): ResultStatus {
  if (facts.prized) return "winner";
  if (facts.rounds > 1 && facts.inFinalRound) return "finalist";
  return "not_awarded";
}

/**
 * The statuses, in order, an entry in `from` goes through to reach `to` by judging: each one
 * is a recorded move. Empty when it is there already or judging does not move it (an entry
 * already further on is not shortlisted again; one that left the competition stays out).
 * An accepted entry that wins or reaches the final was shortlisted on the way.
 */
export function judgingPath(from: EntryStatus, to: JudgingTarget): EntryStatus[] {
  if (from === to) return [];
  if (to === "shortlisted") return from === "accepted" ? ["shortlisted"] : [];
  if (from === "accepted") return to === "not_awarded" ? [to] : ["shortlisted", to];
  if (from === "shortlisted" || isResultStatus(from)) return [to];
  return [];
}
