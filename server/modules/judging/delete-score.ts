import { scoreVersionSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { JudgingContext } from "./context";
import { scoringTarget, toScoreView } from "./queries";
import { scoringRefusal, zodRefusal } from "./refusals";
import type { ScoreConflict } from "./save-score";
import { appendScoreLog } from "./score-log";
import type { JudgeIdentity } from "./types";

/**
 * A judge deletes their score on an entry while the round takes scores (open, and today within
 * its dates), the version they saw still current. The deletion is logged with the values it
 * removed, so the log still shows what was given.
 */
export async function deleteScore(
  ctx: JudgingContext,
  judge: JudgeIdentity,
  roundId: number,
  entryId: string,
  input: unknown,
): Promise<Outcome | ScoreConflict> {
  const seen = scoreVersionSchema.safeParse(input);
  if (!seen.success) return zodRefusal(seen.error);
  const target = await scoringTarget(ctx.db.kysely, roundId, judge.id, entryId);
  if (!target || target.round.seasonId !== judge.seasonId)
    return refusal(404, "judging.errors.roundNotFound");
  const round = target.round;
  const closed = scoringRefusal(ctx, round);
  if (closed) return closed;
  if (!target.assigned) return refusal(404, "judging.errors.entryNotFound");
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("scores")
      .select(["id", "scores", "comment", "total", "version", "updated_at"])
      .where("round_id", "=", roundId)
      .where("entry_id", "=", entryId)
      .where("judge_id", "=", judge.id)
      .executeTakeFirst();
    if (!current || Number(current.version) !== seen.data.version) {
      return {
        ok: false as const,
        status: 409 as const,
        code: "conflict" as const,
        formError: current ? "judging.errors.changedElsewhere" : "judging.errors.deletedElsewhere",
        current: current ? toScoreView(current) : null,
      };
    }
    await trx.deleteFrom("scores").where("id", "=", current.id).execute();
    await appendScoreLog(trx, ctx.db.kind, {
      round_id: roundId,
      entry_id: entryId,
      judge_id: judge.id,
      action: "delete",
      scores: current.scores,
      comment: current.comment,
      total: Number(current.total).toFixed(2),
      version: Number(current.version),
      created_at: now,
    });
    return { ok: true as const };
  });
}
