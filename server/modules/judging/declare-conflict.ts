import { conflictSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { JudgingContext } from "./context";
import { scoringTarget } from "./queries";
import { scoringRefusal, zodRefusal } from "./refusals";
import type { JudgeIdentity } from "./types";

/**
 * A judge declares a conflict of interest on an entry: from then on they cannot score it (in
 * any round), the manager sees it, and a score already given is left to the manager to judge.
 * Only while the round takes scores (open, and today within its dates), as scoring: a conflict
 * leaves the judge's score out of the results, which must not change once judging is over.
 */
export async function declareConflict(
  ctx: JudgingContext,
  judge: JudgeIdentity,
  roundId: number,
  entryId: string,
  input: unknown,
): Promise<Outcome> {
  const parsed = conflictSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const target = await scoringTarget(ctx.db.kysely, roundId, judge.id, entryId);
  if (!target || target.round.seasonId !== judge.seasonId)
    return refusal(404, "judging.errors.roundNotFound");
  const closed = scoringRefusal(ctx, target.round);
  if (closed) return closed;
  if (!target.assigned) return refusal(404, "judging.errors.entryNotFound");
  await ctx.db.kysely
    .insertInto("judge_conflicts")
    .values({
      entry_id: entryId,
      judge_id: judge.id,
      round_id: roundId,
      note: parsed.data.note,
      declared_at: ctx.now(),
    })
    .onConflict((oc) => oc.columns(["entry_id", "judge_id"]).doNothing())
    .execute();
  return { ok: true };
}
