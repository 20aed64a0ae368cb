import { exclusionFormSchema } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { JudgingContext } from "./context";
import { zodRefusal } from "./refusals";

/**
 * Exclusions (judge ↔ company): a judge never sees the entries of a registrant they are tied
 * to. Set by the jury manager before judging; the portal hides those entries.
 */
export async function addExclusion(
  ctx: JudgingContext,
  actor: Actor,
  input: unknown,
): Promise<Outcome> {
  const parsed = exclusionFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const q = ctx.db.kysely;
  const registrant = await q
    .selectFrom("registrants")
    .select("user_id")
    .where("user_id", "=", parsed.data.registrantId)
    .executeTakeFirst();
  if (!registrant)
    return refusal(400, "judging.errors.registrant", { registrantId: "judging.errors.registrant" });
  const judge = await q
    .selectFrom("judges")
    .select("id")
    .where("id", "=", parsed.data.judgeId)
    .executeTakeFirst();
  if (!judge)
    return refusal(400, "judging.errors.judgeNotFound", {
      judgeId: "judging.errors.judgeNotFound",
    });
  await q
    .insertInto("judge_exclusions")
    .values({
      judge_id: judge.id,
      registrant_user_id: registrant.user_id,
      note: parsed.data.note,
      created_at: ctx.now(),
    })
    .onConflict((oc) => oc.columns(["judge_id", "registrant_user_id"]).doNothing())
    .execute();
  await ctx.deps.audit?.record(
    actor,
    "judge.exclude",
    { type: "judge", id: judge.id },
    {
      registrantId: registrant.user_id,
    },
  );
  return { ok: true };
}

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
  await ctx.deps.audit?.record(
    actor,
    "judge.unexclude",
    { type: "judge", id: row.judge_id },
    {
      registrantId: row.registrant_user_id,
    },
  );
  return { ok: true };
}
