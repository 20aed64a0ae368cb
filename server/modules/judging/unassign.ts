import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { loadRound } from "./queries";

/**
 * Removes one assignment; the judge's scores already given stay in the round and the log. A
 * locked round is final: its assignments stay as they were, as assigning is refused there too.
 */
export async function unassignJudge(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  assignmentId: number,
): Promise<Outcome> {
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round) return refusal(404, "judging.errors.roundNotFound");
  if (round.state === "locked") return refusal(409, "judging.errors.roundLocked");
  const assignment = await ctx.db.kysely
    .selectFrom("judge_assignments as a")
    .innerJoin("judges as j", "j.id", "a.judge_id")
    .leftJoin("categories as c", "c.id", "a.category_id")
    .leftJoin("entries as e", "e.id", "a.entry_id")
    .select(["j.name", "c.code as category", "e.code as entry_code"])
    .where("a.id", "=", assignmentId)
    .where("a.round_id", "=", roundId)
    .executeTakeFirst();
  const result = await ctx.db.kysely
    .deleteFrom("judge_assignments")
    .where("id", "=", assignmentId)
    .where("round_id", "=", roundId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return refusal(404, "judging.errors.assignmentNotFound");
  await ctx.deps.audit?.record(
    actor,
    "round.unassign",
    { type: "round", id: roundId },
    {
      judge: assignment?.name ?? null,
      category: assignment?.category ?? null,
      entryCode: assignment?.entry_code ?? null,
    },
  );
  return { ok: true };
}
