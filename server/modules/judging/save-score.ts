import { scoreSheetSchema, weightedTotal } from "../../../core/judging-criteria";
import { scoreVersionSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { JudgingContext } from "./context";
import { scoringTarget, toScoreView } from "./queries";
import { scoringRefusal, zodRefusal } from "./refusals";
import { appendScoreLog } from "./score-log";
import type { JudgeIdentity, ScoreView } from "./types";

/** The sheet schema of each set of criteria, built once: a round's criteria rarely change. */
const sheets = new Map<string, ReturnType<typeof scoreSheetSchema>>();
function sheetSchemaOf(criteria: Parameters<typeof scoreSheetSchema>[0]) {
  const key = JSON.stringify(criteria);
  let schema = sheets.get(key);
  if (!schema) {
    if (sheets.size > 100) sheets.clear();
    schema = scoreSheetSchema(criteria);
    sheets.set(key, schema);
  }
  return schema;
}

export type ScoreConflict = {
  ok: false;
  status: 409;
  code: "conflict";
  formError: string;
  current: ScoreView | null;
};

/**
 * A judge scores an entry, or updates their score, while the round takes scores (open, and today
 * within its dates: `scoringRefusal`). The sheet is checked against the round's criteria; the
 * version the judge's screen showed must be the stored one (null: "no score yet"), so a second
 * tab never overwrites the first silently — it gets the current score back.
 * The score and its log record are written in one transaction: once acknowledged, both exist.
 */
export async function saveScore(
  ctx: JudgingContext,
  judge: JudgeIdentity,
  roundId: number,
  entryId: string,
  input: unknown,
): Promise<Outcome<{ action: "score" | "update"; score: ScoreView }> | ScoreConflict> {
  const target = await scoringTarget(ctx.db.kysely, roundId, judge.id, entryId);
  const round = target?.round;
  if (!target || !round || round.seasonId !== judge.seasonId)
    return refusal(404, "judging.errors.roundNotFound");
  const closed = scoringRefusal(ctx, round);
  if (closed) return closed;
  if (!target.assigned) return refusal(404, "judging.errors.entryNotFound");
  if (target.conflict) return refusal(409, "judging.errors.conflictDeclared");
  const sheet = sheetSchemaOf(round.criteria).safeParse(input);
  if (!sheet.success) return zodRefusal(sheet.error);
  const seen = scoreVersionSchema.safeParse(input);
  if (!seen.success) return zodRefusal(seen.error);
  const total = weightedTotal(round.criteria, sheet.data.scores);
  const scores = JSON.stringify(
    Object.fromEntries(round.criteria.map((c) => [c.key, sheet.data.scores[c.key]])),
  );
  const now = ctx.now();
  const expected = seen.data.version;
  const comment = sheet.data.comment;
  const version = (expected ?? 0) + 1;
  const action = expected === null ? ("score" as const) : ("update" as const);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // The write itself checks the version the judge saw (a new score: none yet), so the happy
    // path is one statement; only a refused write reads what is there now.
    const written =
      expected === null
        ? await trx
            .insertInto("scores")
            .values({
              round_id: roundId,
              entry_id: entryId,
              judge_id: judge.id,
              scores,
              comment,
              total,
              version,
              created_at: now,
              updated_at: now,
            })
            .onConflict((oc) => oc.columns(["round_id", "entry_id", "judge_id"]).doNothing())
            .returning("id")
            .executeTakeFirst()
        : await trx
            .updateTable("scores")
            .set({ scores, comment, total, version, updated_at: now })
            .where("round_id", "=", roundId)
            .where("entry_id", "=", entryId)
            .where("judge_id", "=", judge.id)
            .where("version", "=", expected)
            .returning("id")
            .executeTakeFirst();
    if (!written) {
      const current = await trx
        .selectFrom("scores")
        .select(["scores", "comment", "total", "version", "updated_at"])
        .where("round_id", "=", roundId)
        .where("entry_id", "=", entryId)
        .where("judge_id", "=", judge.id)
        .executeTakeFirst();
      return {
        ok: false as const,
        status: 409 as const,
        code: "conflict" as const,
        formError: current ? "judging.errors.changedElsewhere" : "judging.errors.deletedElsewhere",
        current: current ? toScoreView(current) : null,
      };
    }
    await appendScoreLog(trx, ctx.db.kind, {
      round_id: roundId,
      entry_id: entryId,
      judge_id: judge.id,
      action,
      scores,
      comment,
      total: total.toFixed(2),
      version,
      created_at: now,
    });
    return {
      ok: true as const,
      action,
      score: toScoreView({ scores, comment, total, version, updated_at: now }),
    };
  });
}
