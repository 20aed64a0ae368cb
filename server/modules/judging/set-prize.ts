import { prizeFormSchema } from "../../../core/judging-prizes";
import { JUDGEABLE_STATUSES } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { loadRound, scoreCounts } from "./queries";
import { zodRefusal } from "./refusals";

/**
 * From a round's results, gives a judged entry of the round's season a prize, changes it, or
 * takes it away (empty prize). A prize goes only to an entry with a score that counts in that
 * round: an entry nobody scored has nothing a prize could rest on. Taking one away is always
 * possible.
 */
export async function setPrize(
  ctx: JudgingContext,
  actor: Actor,
  roundId: number,
  input: unknown,
): Promise<Outcome> {
  const parsed = prizeFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const { entryId, prize } = parsed.data;
  const round = await loadRound(ctx.db.kysely, roundId);
  if (!round) return refusal(404, "judging.errors.roundNotFound");
  const seasonId = round.seasonId;
  const entry = await ctx.db.kysely
    .selectFrom("entries")
    .select(["id", "code"])
    .where("id", "=", entryId)
    .where("season_id", "=", seasonId)
    .where("status", "in", [...JUDGEABLE_STATUSES])
    .executeTakeFirst();
  if (!entry) return refusal(404, "judging.errors.entryNotFound");
  if (prize !== null) {
    const scored = await ctx.db.kysely
      .selectFrom("scores as s")
      .select("s.entry_id")
      .where("s.round_id", "=", roundId)
      .where("s.entry_id", "=", entryId)
      .where(scoreCounts)
      .limit(1)
      .executeTakeFirst();
    if (!scored)
      return refusal(409, "judging.errors.prizeUnscored", {
        prize: "judging.errors.prizeUnscored",
      });
  }
  if (prize === null) {
    await ctx.db.kysely
      .deleteFrom("prizes")
      .where("entry_id", "=", entryId)
      .where("season_id", "=", seasonId)
      .execute();
  } else {
    await ctx.db.kysely
      .insertInto("prizes")
      .values({
        season_id: seasonId,
        entry_id: entryId,
        prize,
        created_at: ctx.now(),
        published_at: null,
      })
      .onConflict((oc) =>
        oc.columns(["season_id", "entry_id"]).doUpdateSet({ prize, published_at: null }),
      )
      .execute();
  }
  await ctx.deps.audit?.record(
    actor,
    "prize.set",
    { type: "prize", id: entryId },
    {
      entryCode: entry.code,
      prize: prize ?? "",
    },
  );
  return { ok: true };
}
