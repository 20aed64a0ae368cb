import type { ContentPageInput } from "../../../core/content-admin";
import { fieldRefusal, type Outcome } from "../../../core/refusal";
import { parseStoredBlocks } from "../../../core/rich-text";
import type { Actor } from "../audit/service";
import { loadSeasonId, type ContentContext } from "./load";

/**
 * Saves the season's own version of a page or track text (the shared version stays for the
 * other seasons); the public page shows it from the next request. Refuses a year without a season.
 */
export async function savePage(
  ctx: ContentContext,
  actor: Actor,
  year: number,
  input: ContentPageInput,
): Promise<Outcome> {
  const seasonId = await loadSeasonId(ctx.k, year);
  if (seasonId === null) return fieldRefusal({ year: "adminContent.errors.year" });
  const values = {
    title_vi: input.titleVi,
    title_en: input.titleEn,
    summary_vi: input.summaryVi,
    summary_en: input.summaryEn,
    // Sanitised by the schema already; once more here, whoever calls.
    body_vi: JSON.stringify(parseStoredBlocks(JSON.stringify(input.bodyVi))),
    body_en: JSON.stringify(parseStoredBlocks(JSON.stringify(input.bodyEn))),
    updated_at: ctx.clock().toISOString(),
  };
  await ctx.k.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("content_pages")
      .select("id")
      .where("key", "=", input.key)
      .where("season_id", "=", seasonId)
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (own) {
      await trx.updateTable("content_pages").set(values).where("id", "=", own.id).execute();
    } else {
      await trx
        .insertInto("content_pages")
        .values({ key: input.key, season_id: seasonId, ...values })
        .execute();
    }
  });
  await ctx.audit.record(
    actor,
    "page.update",
    { type: "content_page", id: `${input.key}@${year}` },
    { key: input.key, year },
  );
  ctx.onChange();
  return { ok: true };
}
