import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { loadJuror, toJuror, type AdminJuryMember, type ContentContext } from "./load";
import { listJury } from "./queries";

/**
 * Moves a juror one place up or down among the year's jurors (the chair stays first: a
 * move never crosses between chair and members). 404 for an unknown juror, 409 when there
 * is nowhere to go.
 */
export async function reorderJury(
  ctx: ContentContext,
  actor: Actor,
  id: number,
  direction: "up" | "down",
): Promise<Outcome<{ juror: AdminJuryMember }>> {
  const juror = await loadJuror(ctx.k, id);
  if (!juror) return refusal(404, "adminContent.errors.notFound");
  const list = (await listJury(ctx.k, juror.year)).map(toJuror);
  const index = list.findIndex((m) => m.id === id);
  const otherIndex = direction === "up" ? index - 1 : index + 1;
  const other = list[otherIndex];
  if (!other || other.isChair !== juror.isChair) {
    return refusal(409, "adminContent.notices.notMoved");
  }
  [list[index], list[otherIndex]] = [other, juror];
  // Renumber the whole year so equal or sparse numbers never make a move a no-op.
  await ctx.k.transaction().execute(async (trx) => {
    for (const [position, m] of list.entries()) {
      if (m.sortOrder !== position) {
        await trx
          .updateTable("jury_members")
          .set({ sort_order: position })
          .where("id", "=", m.id)
          .execute();
      }
    }
  });
  await ctx.audit.record(
    actor,
    "jury.reorder",
    { type: "jury_member", id },
    { year: juror.year, direction },
  );
  ctx.onChange();
  return { ok: true, juror };
}
