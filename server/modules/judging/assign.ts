import { sql } from "kysely";
import { assignmentFormSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { inRound, loadRound } from "./queries";
import { zodRefusal } from "./refusals";

/**
 * Assigns a judge of the season to a category of the season, or to one entry the round judges,
 * by its code. Assigning what is already assigned is refused with a word, so the manager knows.
 */
export async function assignJudge(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  input: unknown,
): Promise<Outcome> {
  const parsed = assignmentFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round) return refusal(404, "judging.errors.roundNotFound");
  if (round.state === "locked") return refusal(409, "judging.errors.roundLocked");
  const q = ctx.db.kysely;
  const judge = await q
    .selectFrom("judges")
    .select(["id", "name"])
    .where("id", "=", parsed.data.judgeId)
    .where("season_id", "=", round.seasonId)
    .executeTakeFirst();
  if (!judge)
    return refusal(400, "judging.errors.judgeNotFound", {
      judgeId: "judging.errors.judgeNotFound",
    });
  let categoryId: number | null = null;
  let categoryCode: string | null = null;
  let entryId: string | null = null;
  if (parsed.data.entryCode !== "") {
    const entry = await q
      .selectFrom("entries as e")
      .select(["e.id", sql<unknown>`${inRound(round)}`.as("in_round")])
      .where("e.code", "=", parsed.data.entryCode)
      .where("e.season_id", "=", round.seasonId)
      .executeTakeFirst();
    if (!entry)
      return refusal(400, "judging.errors.entryCode", { entryCode: "judging.errors.entryCode" });
    // A judge given an entry the round does not judge (not accepted yet, not advanced into a
    // later round) would never see it: say so rather than record an assignment that does nothing.
    if (!(entry.in_round === true || Number(entry.in_round) === 1))
      return refusal(400, "judging.errors.entryNotInRound", {
        entryCode: "judging.errors.entryNotInRound",
      });
    entryId = entry.id;
  } else {
    const category = await q
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .select(["c.id", "c.code"])
      .where("c.id", "=", parsed.data.categoryId!)
      .where("t.season_id", "=", round.seasonId)
      .executeTakeFirst();
    if (!category)
      return refusal(400, "judging.errors.category", { categoryId: "judging.errors.category" });
    categoryId = category.id;
    categoryCode = category.code;
  }
  let existing = q
    .selectFrom("judge_assignments")
    .select("id")
    .where("round_id", "=", roundId)
    .where("judge_id", "=", judge.id);
  existing =
    categoryId !== null
      ? existing.where("category_id", "=", categoryId)
      : existing.where("entry_id", "=", entryId!);
  // The same assignment twice is said so, not recorded again.
  if (await existing.executeTakeFirst()) {
    const [field, key] =
      categoryId !== null
        ? ["categoryId", "judging.errors.alreadyAssignedCategory"]
        : ["entryCode", "judging.errors.alreadyAssignedEntry"];
    return refusal(409, key, { [field]: key });
  }
  await q
    .insertInto("judge_assignments")
    .values({
      round_id: roundId,
      judge_id: judge.id,
      category_id: categoryId,
      entry_id: entryId,
      created_at: ctx.now(),
    })
    .execute();
  await ctx.deps.audit?.record(
    actor,
    "round.assign",
    { type: "round", id: roundId },
    // Named as the manager knows them: the log outlives ids that mean nothing to a reader.
    {
      judge: judge.name,
      category: categoryCode,
      entryCode: entryId ? parsed.data.entryCode : null,
    },
  );
  return { ok: true };
}
