import { roundClosedForScoring } from "../../../core/judging-rounds";
import type { JudgingContext } from "./context";
import { loadRound } from "./queries";
import type { JudgeIdentity, RoundView } from "./types";

/**
 * A round the judge was assigned to that has closed for scoring (closed or locked): its id and
 * name, for the page that tells the judge so. Null for a round that does not exist, is of
 * another season, has not opened or is still open, or has no assignment of this judge, so
 * those stay "not found" and a judge learns nothing of rounds that are not theirs.
 */
export async function portalClosedRound(
  ctx: JudgingContext,
  judge: JudgeIdentity,
  roundId: number,
): Promise<Pick<RoundView, "id" | "name"> | null> {
  const q = ctx.db.kysely;
  const round = await loadRound(q, roundId);
  if (!round || round.seasonId !== judge.seasonId || !roundClosedForScoring(round.state)) {
    return null;
  }
  const assigned = await q
    .selectFrom("judge_assignments")
    .select("id")
    .where("round_id", "=", round.id)
    .where("judge_id", "=", judge.id)
    .limit(1)
    .executeTakeFirst();
  return assigned ? { id: round.id, name: round.name } : null;
}
