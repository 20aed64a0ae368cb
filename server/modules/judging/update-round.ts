import { roundFormSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { loadRound } from "./queries";
import { zodRefusal } from "./refusals";

/** Names, dates and the result method of a round; a locked round is final. */
export async function updateRound(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  input: unknown,
): Promise<Outcome> {
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round) return refusal(404, "judging.errors.roundNotFound");
  if (round.state === "locked") return refusal(409, "judging.errors.roundLocked");
  const parsed = roundFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  await ctx.db.kysely
    .updateTable("judging_rounds")
    .set({
      name_vi: parsed.data.nameVi,
      name_en: parsed.data.nameEn,
      starts_on: parsed.data.startsOn,
      ends_on: parsed.data.endsOn,
      method: parsed.data.method,
      updated_at: ctx.now(),
    })
    .where("id", "=", roundId)
    .execute();
  await ctx.deps.audit?.record(
    actor,
    "round.update",
    { type: "round", id: roundId },
    {
      method: parsed.data.method,
    },
  );
  return { ok: true };
}
