import type { WinnerInput } from "../../../core/content-admin";
import { fieldRefusal, refusal, type Outcome, type Refusal } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { loadWinner, type AdminWinner, type ContentContext } from "./load";
import { findEntryId, isPublicMedia, nextSortOrder, seasonCategories } from "./queries";

/**
 * The category must belong to the winner's season; an entry reference must name an entry; the
 * image must be a public library picture (never an entrant's private one).
 */
async function checkWinner(
  ctx: ContentContext,
  input: WinnerInput,
): Promise<{ entryId: string | null } | Refusal> {
  if (input.categoryId !== null) {
    const category = await seasonCategories(ctx.k, input.year)
      .select("c.id")
      .where("c.id", "=", input.categoryId)
      .executeTakeFirst();
    if (!category) return fieldRefusal({ categoryId: "adminContent.errors.category" });
  }
  if (input.imageMediaId !== null && !(await isPublicMedia(ctx.k, input.imageMediaId))) {
    return fieldRefusal({ image: "adminContent.errors.imagePrivate" });
  }
  if (input.entryRef === "") return { entryId: null };
  const entryId = await findEntryId(ctx.k, input.entryRef);
  if (entryId === undefined) return { entryId: input.entryRef }; // no entries table yet
  if (entryId === null) return fieldRefusal({ entryRef: "adminContent.errors.entryRef" });
  return { entryId };
}

const winnerRow = (input: WinnerInput, entryId: string | null) => ({
  year: input.year,
  entry_id: entryId,
  title: input.title,
  brand: input.brand,
  agency: input.agency,
  category_id: input.categoryId,
  category_label_vi: input.categoryLabelVi,
  category_label_en: input.categoryLabelEn,
  prize: input.prize,
  image: input.image || null,
  image_media_id: input.imageMediaId,
  video_url: input.videoUrl,
});

/**
 * Adds a winner to a year (id null) or changes one. Refuses a category of another season
 * or an entry reference that names no entry (field errors), and an unknown winner (404).
 */
export async function saveWinner(
  ctx: ContentContext,
  actor: Actor,
  id: number | null,
  input: WinnerInput,
): Promise<Outcome<{ winner: AdminWinner }>> {
  const before = id === null ? null : await loadWinner(ctx.k, id);
  if (id !== null && !before) return refusal(404, "adminContent.errors.notFound");
  const checked = await checkWinner(ctx, input);
  if ("ok" in checked) return checked;
  const at = ctx.clock().toISOString();
  let savedId: number;
  if (before) {
    await ctx.k
      .updateTable("winners")
      .set({
        ...winnerRow(input, checked.entryId),
        sort_order: input.sortOrder ?? before.sortOrder,
        updated_at: at,
      })
      .where("id", "=", before.id)
      .execute();
    savedId = before.id;
  } else {
    const sortOrder = input.sortOrder ?? (await nextSortOrder(ctx.k, "winners", input.year));
    const row = await ctx.k
      .insertInto("winners")
      .values({
        ...winnerRow(input, checked.entryId),
        sort_order: sortOrder,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    savedId = Number(row.id);
  }
  await ctx.audit.record(
    actor,
    before ? "winner.update" : "winner.create",
    { type: "winner", id: savedId },
    { year: input.year, title: input.title, prize: input.prize },
  );
  ctx.onChange();
  return { ok: true, winner: (await loadWinner(ctx.k, savedId))! };
}
