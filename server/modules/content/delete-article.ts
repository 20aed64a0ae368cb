import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { SLUG_TYPE } from "./article-slugs";
import { loadArticle, type ContentContext } from "./load";

/** Deletes an article with its slug history (404 when there is none with this id). */
export async function deleteArticle(
  ctx: ContentContext,
  actor: Actor,
  id: number,
): Promise<Outcome> {
  const existing = await loadArticle(ctx, id);
  if (!existing) return refusal(404, "adminNews.errors.notFound");
  await ctx.k.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("slug_history")
      .where("type", "=", SLUG_TYPE)
      .where("target_id", "=", id)
      .execute();
    await trx.deleteFrom("news_articles").where("id", "=", id).execute();
  });
  await ctx.audit.record(actor, "news.delete", { type: "news", id }, { title: existing.titleVi });
  ctx.onChange();
  return { ok: true };
}
