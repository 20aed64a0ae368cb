import { roundMoveRefusal, roundStateSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { loadRound, winnersPublished } from "./queries";
import { zodRefusal } from "./refusals";

/**
 * Opens, closes, reopens or locks a round (core/judging-rounds.ts says which moves exist; a
 * round opens again only while its season's winners are unpublished).
 */
export async function moveRound(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  input: unknown,
): Promise<Outcome> {
  const parsed = roundStateSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round) return refusal(404, "judging.errors.roundNotFound");
  const to = parsed.data.to;
  const refused = roundMoveRefusal(round.state, to, {
    winnersPublished: await winnersPublished(ctx.db.kysely, round.seasonId),
  });
  if (refused) return refusal(409, refused);
  // Only the state seen is replaced: two managers clicking at once move it once.
  const result = await ctx.db.kysely
    .updateTable("judging_rounds")
    .set({ state: to, updated_at: ctx.now() })
    .where("id", "=", roundId)
    .where("state", "=", round.state)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return refusal(409, "judging.errors.roundMove");
  await ctx.deps.audit?.record(
    actor,
    "round.state",
    { type: "round", id: roundId },
    {
      from: round.state,
      to,
    },
  );
  return { ok: true };
}
