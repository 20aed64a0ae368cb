import { prizeFormSchema } from "../../../core/judging-prizes";
import { JUDGEABLE_STATUSES } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { zodRefusal } from "./refusals";

/** Gives a judged entry of the season a prize, changes it, or takes it away (empty prize). */
export async function setPrize(
  ctx: JudgingContext,
  actor: Actor,
  seasonId: number,
  input: unknown,
): Promise<Outcome> {
  const parsed = prizeFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const { entryId, prize } = parsed.data;
  const entry = await ctx.db.kysely
    .selectFrom("entries")
    .select(["id", "code"])
    .where("id", "=", entryId)
    .where("season_id", "=", seasonId)
    .where("status", "in", [...JUDGEABLE_STATUSES])
    .executeTakeFirst();
  if (!entry) return refusal(404, "judging.errors.entryNotFound");
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
