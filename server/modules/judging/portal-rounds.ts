import { roundScoringState } from "../../../core/judging-rounds";
import type { JudgingContext } from "./context";
import { assignedEntries, roundsOfSeason } from "./queries";
import type { JudgeIdentity, PortalRound } from "./types";

export interface RoundProgress {
  assigned: number;
  scored: number;
  conflicts: number;
  remaining: number;
}

/**
 * The open rounds of the judge's season, each with the judge's progress in it and whether it
 * takes scores today (one whose first day is still to come, or whose last day has passed, does
 * not: the portal says so).
 */
export async function portalRounds(
  ctx: JudgingContext,
  judge: JudgeIdentity,
): Promise<(PortalRound & { progress: RoundProgress })[]> {
  const rounds = (await roundsOfSeason(ctx.db.kysely, judge.seasonId)).filter(
    (r) => r.state === "open",
  );
  const today = ctx.today();
  return Promise.all(
    rounds.map(async (round) => {
      const entries = await assignedEntries(ctx.db.kysely, round, judge.id);
      return {
        ...round,
        scoring: roundScoringState(round, today),
        progress: progressOf(entries),
      };
    }),
  );
}

export function progressOf(
  entries: readonly { score: unknown; conflict: boolean }[],
): RoundProgress {
  const scored = entries.filter((e) => e.score !== null && !e.conflict).length;
  const conflicts = entries.filter((e) => e.conflict).length;
  return {
    assigned: entries.length,
    scored,
    conflicts,
    remaining: entries.length - scored - conflicts,
  };
}
