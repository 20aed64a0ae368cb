import { DEFAULT_CRITERIA } from "../../../core/judging-criteria";
import { roundFormSchema } from "../../../core/judging-rounds";
import type { Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { zodRefusal } from "./refusals";

/**
 * A new round at the end of the season's rounds, in draft, with the previous round's criteria
 * (or the award's six when it is the first).
 */
export async function createRound(
  ctx: JudgingContext,
  actor: Actor,
  seasonId: number,
  input: unknown,
): Promise<Outcome<{ id: number }>> {
  const parsed = roundFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const now = ctx.now();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("judging_rounds")
      .select(["position", "criteria"])
      .where("season_id", "=", seasonId)
      .orderBy("position", "desc")
      .limit(1)
      .executeTakeFirst();
    const row = await trx
      .insertInto("judging_rounds")
      .values({
        season_id: seasonId,
        position: last ? Number(last.position) + 1 : 1,
        name_vi: parsed.data.nameVi,
        name_en: parsed.data.nameEn,
        starts_on: parsed.data.startsOn,
        ends_on: parsed.data.endsOn,
        state: "draft",
        method: parsed.data.method,
        criteria: last?.criteria ?? JSON.stringify(DEFAULT_CRITERIA),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  await ctx.deps.audit?.record(
    actor,
    "round.create",
    { type: "round", id },
    { name: parsed.data.nameVi },
  );
  return { ok: true, id };
}
