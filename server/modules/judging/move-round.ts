import { roundMoveRefusal, roundStateSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext, Q } from "./context";
import { loadRound, roundsOfSeason, scoreCounts, winnersPublished } from "./queries";
import { zodRefusal } from "./refusals";
import type { RoundView } from "./types";

/**
 * Opens, closes, reopens or locks a round (core/judging-rounds.ts says which moves exist; a
 * round opens again only while its season's winners are unpublished). A reopened round is no
 * longer one that ended: the exclusions added while it was closed apply to it from then on
 * (`leftOut`: how many of its scores stop counting, for the manager to be told).
 */
export async function moveRound(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  input: unknown,
): Promise<Outcome<{ leftOut: number }>> {
  const parsed = roundStateSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round) return refusal(404, "judging.errors.roundNotFound");
  const to = parsed.data.to;
  const refused = roundMoveRefusal(round.state, to, {
    winnersPublished: await winnersPublished(ctx.db.kysely, round.seasonId),
  });
  if (refused) return refusal(409, refused);
  const reopened = round.state === "closed" && to === "open";
  const leftOut = await ctx.db.kysely.transaction().execute(async (trx) => {
    // Only the state seen is replaced: two managers clicking at once move it once.
    const result = await trx
      .updateTable("judging_rounds")
      .set({ state: to, updated_at: ctx.now() })
      .where("id", "=", roundId)
      .where("state", "=", round.state)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    return reopened ? await applyExclusionsTo(trx, round) : 0;
  });
  if (leftOut === null) return refusal(409, "judging.errors.roundMove");
  await ctx.deps.audit?.record(
    actor,
    "round.state",
    { type: "round", id: roundId },
    { from: round.state, to, ...(leftOut > 0 ? { scoresLeftOut: leftOut } : {}) },
  );
  return { ok: true, leftOut };
}

/**
 * The season's exclusions that start after the reopened round now start at it, unless a round
 * between the two has ended (its results stay as they ended, and one starting position cannot
 * skip it). Resolves to how many scores of the round stop counting.
 */
async function applyExclusionsTo(trx: Q, round: RoundView): Promise<number> {
  const ended = (await roundsOfSeason(trx, round.seasonId))
    .filter((r) => r.state === "closed" || r.state === "locked")
    .map((r) => r.position);
  const later = await trx
    .selectFrom("judge_exclusions as x")
    .innerJoin("judges as j", "j.id", "x.judge_id")
    .select(["x.id", "x.judge_id", "x.registrant_user_id", "x.applies_from_position"])
    .where("j.season_id", "=", round.seasonId)
    .where("x.applies_from_position", ">", round.position)
    .execute();
  const applying = later.filter(
    (x) =>
      !ended.some((position) => position > round.position && position < x.applies_from_position),
  );
  let leftOut = 0;
  for (const x of applying) {
    // Counted before the exclusion reaches the round: the scores it takes out of its results.
    const counted = await trx
      .selectFrom("scores as s")
      .innerJoin("entries as e", "e.id", "s.entry_id")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("s.round_id", "=", round.id)
      .where("s.judge_id", "=", x.judge_id)
      .where("e.owner_user_id", "=", x.registrant_user_id)
      .where(scoreCounts)
      .executeTakeFirstOrThrow();
    leftOut += Number(counted.n);
    await trx
      .updateTable("judge_exclusions")
      .set({ applies_from_position: round.position })
      .where("id", "=", x.id)
      .execute();
  }
  return leftOut;
}
