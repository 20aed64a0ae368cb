import { advanceFormSchema, advanceRefusal } from "../../../core/judging-rounds";
import { refusal, type Outcome } from "../../../core/refusal";
import type { StatusActor } from "../entries/change-status";
import type { JudgingContext } from "./context";
import { moveJudgedEntries, queueJudgedEmails, sendJudgedEmailsSoon } from "./judged-statuses";
import { roundResults } from "./round-results";
import { zodRefusal } from "./refusals";

/**
 * Advances entries of a closed (or locked) round into the next round, by the round's method:
 * the best N of each category (ties at the edge all go through: a person decides later) or
 * every entry at or above a threshold. Entries already advanced stay; the next round must
 * exist and still be to judge (draft or open, not closed or locked). An accepted entry that goes through is shortlisted (its history
 * names the manager, in the same transaction, with its entrant's email queued for the mail job).
 */
export async function advanceEntries(
  ctx: JudgingContext,
  actor: StatusActor,
  roundId: number,
  input: unknown,
): Promise<Outcome<{ advanced: number; shortlisted: number }>> {
  const parsed = advanceFormSchema.safeParse(input);
  if (!parsed.success) return zodRefusal(parsed.error);
  const results = await roundResults(ctx, roundId);
  if (!results) return refusal(404, "judging.errors.roundNotFound");
  const { round, method, next } = results;
  const refused = advanceRefusal(round.state, next?.state ?? null);
  if (refused || !next) return refusal(409, refused ?? "judging.errors.noNextRound");
  const rule = parsed.data;
  const chosen = results.categories.flatMap((c) =>
    c.rows.filter((r) => {
      const value = r[method];
      if (r.rank === undefined || value === undefined) return false;
      return rule.rule === "top" ? r.rank <= rule.count : value >= rule.threshold - 1e-9;
    }),
  );
  const now = ctx.now();
  const moves =
    chosen.length === 0
      ? []
      : await ctx.db.kysely.transaction().execute(async (trx) => {
          await trx
            .insertInto("round_entries")
            .values(
              chosen.map((r) => ({
                round_id: Number(next.id),
                entry_id: r.entryId,
                advanced_at: now,
              })),
            )
            .onConflict((oc) => oc.columns(["round_id", "entry_id"]).doNothing())
            .execute();
          const targets = new Map(chosen.map((r) => [r.entryId, "shortlisted" as const]));
          const moved = await moveJudgedEntries(ctx, trx, actor, targets, now);
          await queueJudgedEmails(ctx, trx, moved);
          return moved;
        });
  await ctx.deps.audit?.record(
    actor,
    "round.advance",
    { type: "round", id: roundId },
    {
      rule: rule.rule === "top" ? `top ${rule.count}` : `≥ ${rule.threshold}`,
      method,
      advanced: chosen.length,
      shortlisted: moves.length,
    },
  );
  sendJudgedEmailsSoon(ctx, moves);
  return { ok: true, advanced: chosen.length, shortlisted: moves.length };
}
