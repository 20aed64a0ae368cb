import type { JuryMemberInput } from "../../../core/content-admin";
import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { loadJuror, toJuror, type AdminJuryMember, type ContentContext } from "./load";
import { isPublicMedia, nextSortOrder } from "./queries";

const juryRow = (input: JuryMemberInput) => ({
  year: input.year,
  name: input.name,
  title_vi: input.titleVi,
  title_en: input.titleEn,
  organisation: input.organisation,
  bio_vi: input.bioVi,
  bio_en: input.bioEn,
  photo: input.photo || null,
  photo_media_id: input.photoMediaId,
  is_chair: input.isChair ? 1 : 0,
});

/**
 * Adds a juror to a year (id null; at the end of the list unless a place is given) or
 * changes one (keeping its place unless a new one is given). 404 for an unknown juror; a
 * photo that is not a public library picture (an entrant's private one) is refused.
 */
export async function saveJuror(
  ctx: ContentContext,
  actor: Actor,
  id: number | null,
  input: JuryMemberInput,
): Promise<Outcome<{ juror: AdminJuryMember }>> {
  if (input.photoMediaId !== null && !(await isPublicMedia(ctx.k, input.photoMediaId))) {
    return fieldRefusal({ photo: "adminContent.errors.imagePrivate" });
  }
  const at = ctx.clock().toISOString();
  let row;
  if (id === null) {
    const sortOrder = input.sortOrder ?? (await nextSortOrder(ctx.k, "jury_members", input.year));
    row = await ctx.k
      .insertInto("jury_members")
      .values({ ...juryRow(input), sort_order: sortOrder, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    const before = await loadJuror(ctx.k, id);
    if (!before) return refusal(404, "adminContent.errors.notFound");
    row = await ctx.k
      .updateTable("jury_members")
      .set({ ...juryRow(input), sort_order: input.sortOrder ?? before.sortOrder, updated_at: at })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  await ctx.audit.record(
    actor,
    id === null ? "jury.create" : "jury.update",
    { type: "jury_member", id: row.id },
    { year: input.year, name: input.name },
  );
  ctx.onChange();
  return { ok: true, juror: toJuror(row) };
}
