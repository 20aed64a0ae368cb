import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { loadJuror, type AdminJuryMember, type ContentContext } from "./load";

/** Removes a juror from its year's jury (404 when there is none with this id). */
export async function deleteJuror(
  ctx: ContentContext,
  actor: Actor,
  id: number,
): Promise<Outcome<{ juror: AdminJuryMember }>> {
  const juror = await loadJuror(ctx.k, id);
  if (!juror) return refusal(404, "adminContent.errors.notFound");
  await ctx.k.deleteFrom("jury_members").where("id", "=", id).execute();
  await ctx.audit.record(
    actor,
    "jury.delete",
    { type: "jury_member", id },
    { year: juror.year, name: juror.name },
  );
  ctx.onChange();
  return { ok: true, juror };
}
