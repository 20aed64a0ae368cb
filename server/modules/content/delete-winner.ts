import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { loadWinner, type AdminWinner, type ContentContext } from "./load";

/** Removes a winner (404 when there is none with this id). */
export async function deleteWinner(
  ctx: ContentContext,
  actor: Actor,
  id: number,
): Promise<Outcome<{ winner: AdminWinner }>> {
  const winner = await loadWinner(ctx.k, id);
  if (!winner) return refusal(404, "adminContent.errors.notFound");
  await ctx.k.deleteFrom("winners").where("id", "=", id).execute();
  await ctx.audit.record(
    actor,
    "winner.delete",
    { type: "winner", id },
    { year: winner.year, title: winner.title },
  );
  ctx.onChange();
  return { ok: true, winner };
}
