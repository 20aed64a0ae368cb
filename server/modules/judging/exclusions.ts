import { exclusionFormSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import { registrantDisplayName } from "../../../core/registrants-admin";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { roundsOfSeason, scoreCounts } from "./queries";
import { zodRefusal } from "./refusals";

/** The registrant as the audit log names it: the company, or the person. */
const nameOf = (r: {
  type: "individual" | "enterprise";
  full_name: string;
  company_name: string | null;
}) => registrantDisplayName({ type: r.type, fullName: r.full_name, companyName: r.company_name });

/**
 * Exclusions (judge ↔ company): a judge never sees the entries of a registrant they are tied
 * to, and their scores on those entries no longer count (`scoreCounts`) from the round the
 * exclusion applies from: the season's first round that is neither closed nor locked when it
 * is added (one past every round when all have ended), so an ended round keeps its results
 * (a round reopened later takes it from then on: `move-round.ts`).
 * The scores stay in the score log; `leftOut` says how many of the judge's scores on the
 * registrant's entries counted until now and no longer do, for the manager to be told.
 */
export async function addExclusion(
  ctx: JudgingContext,
  actor: Actor,
  input: unknown,
): Promise<Outcome<{ leftOut: number }>> {
  const parsed = exclusionFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const q = ctx.db.kysely;
  const registrant = await q
    .selectFrom("registrants")
    .select(["user_id", "type", "full_name", "company_name"])
    .where("user_id", "=", parsed.data.registrantId)
    .executeTakeFirst();
  if (!registrant)
    return refusal(400, "judging.errors.registrant", { registrantId: "judging.errors.registrant" });
  const judge = await q
    .selectFrom("judges")
    .select(["id", "season_id"])
    .where("id", "=", parsed.data.judgeId)
    .executeTakeFirst();
  if (!judge)
    return refusal(400, "judging.errors.judgeNotFound", {
      judgeId: "judging.errors.judgeNotFound",
    });
  const leftOut = await q.transaction().execute(async (trx) => {
    const rounds = await roundsOfSeason(trx, Number(judge.season_id));
    const from =
      rounds.find((r) => r.state !== "closed" && r.state !== "locked")?.position ??
      Math.max(0, ...rounds.map((r) => r.position)) + 1;
    // Counted before the exclusion exists: the scores it takes out of the results.
    const counted = await trx
      .selectFrom("scores as s")
      .innerJoin("entries as e", "e.id", "s.entry_id")
      .innerJoin("judging_rounds as r", "r.id", "s.round_id")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("s.judge_id", "=", judge.id)
      .where("e.owner_user_id", "=", registrant.user_id)
      .where("r.position", ">=", from)
      .where(scoreCounts)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto("judge_exclusions")
      .values({
        judge_id: judge.id,
        registrant_user_id: registrant.user_id,
        note: parsed.data.note,
        applies_from_position: from,
        created_at: ctx.now(),
      })
      .onConflict((oc) => oc.columns(["judge_id", "registrant_user_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    // Already excluded: nothing changes.
    return row ? Number(counted.n) : 0;
  });
  await ctx.deps.audit?.record(
    actor,
    "judge.exclude",
    { type: "judge", id: judge.id },
    {
      registrant: nameOf(registrant),
      registrantId: registrant.user_id,
      scoresLeftOut: leftOut,
    },
  );
  return { ok: true, leftOut };
}

/**
 * Removes an exclusion: the judge sees the registrant's entries again, and the scores it had
 * left out of the results count again (they never left the score log).
 */
export async function removeExclusion(
  ctx: JudgingContext,
  actor: Actor,
  exclusionId: number,
): Promise<Outcome> {
  const row = await ctx.db.kysely
    .deleteFrom("judge_exclusions")
    .where("id", "=", exclusionId)
    .returning(["judge_id", "registrant_user_id"])
    .executeTakeFirst();
  if (!row) return refusal(404, "judging.errors.exclusionNotFound");
  const registrant = await ctx.db.kysely
    .selectFrom("registrants")
    .select(["type", "full_name", "company_name"])
    .where("user_id", "=", row.registrant_user_id)
    .executeTakeFirst();
  await ctx.deps.audit?.record(
    actor,
    "judge.unexclude",
    { type: "judge", id: row.judge_id },
    {
      registrant: registrant ? nameOf(registrant) : null,
      registrantId: row.registrant_user_id,
    },
  );
  return { ok: true };
}
