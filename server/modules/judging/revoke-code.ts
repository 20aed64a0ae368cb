import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";

/** Revokes a judge's code: it signs nobody in again, and the judge's open sessions end now. */
export async function revokeJudgeCode(
  ctx: JudgingContext,
  actor: Actor,
  judgeId: string,
): Promise<Outcome> {
  const now = ctx.now();
  const done = await ctx.db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("judges")
      .set({ code_hash: null, code_revoked_at: now, updated_at: now })
      .where("id", "=", judgeId)
      .executeTakeFirst();
    await trx.deleteFrom("judge_sessions").where("judge_id", "=", judgeId).execute();
    return Number(result.numUpdatedRows) > 0;
  });
  if (!done) return refusal(404, "judging.errors.judgeNotFound");
  await ctx.deps.audit?.record(actor, "judge.codeRevoke", { type: "judge", id: judgeId });
  return { ok: true };
}
