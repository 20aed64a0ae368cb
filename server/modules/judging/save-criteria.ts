import { criteriaFormSchema, roundIsEditable } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { loadRound } from "./queries";
import { zodRefusal } from "./refusals";

/** A draft round's criteria: names, weights and scale. Once scores may exist they are fixed. */
export async function saveCriteria(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  input: unknown,
): Promise<Outcome> {
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round) return refusal(404, "judging.errors.roundNotFound");
  if (!roundIsEditable(round.state)) return refusal(409, "judging.errors.criteriaFixed");
  const parsed = criteriaFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  await ctx.db.kysely
    .updateTable("judging_rounds")
    .set({ criteria: JSON.stringify(parsed.data.criteria), updated_at: ctx.now() })
    .where("id", "=", roundId)
    .where("state", "=", "draft")
    .execute();
  await ctx.deps.audit?.record(
    actor,
    "round.criteria",
    { type: "round", id: roundId },
    // By their names in both languages (keys mean nothing to a reader), with their weights.
    {
      criteria: parsed.data.criteria.map((c) => ({
        vi: c.name.vi,
        en: c.name.en,
        weight: c.weight,
      })),
    },
  );
  return { ok: true };
}
