import type { AuditAction } from "../../../core/audit-summary";
import {
  statusAfter,
  NEWS_ERRORS,
  type NewsFormData,
  type NewsStatus,
} from "../../../core/news-admin";
import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import { sanitizeBlocks } from "../../../core/rich-text";
import type { Actor } from "../audit/service";
import { recordSlugChange } from "./article-slugs";
import { loadArticle, type ContentContext, type NewsAdminRecord } from "./load";
import { articleSlugTaken } from "./queries";

/** Field errors for slugs another article already uses (each language on its own). */
async function slugErrors(ctx: ContentContext, data: NewsFormData, id: number | null) {
  const errors: Record<string, string> = {};
  if (await articleSlugTaken(ctx.k, "slug_vi", data.slugVi, id)) {
    errors.slugVi = NEWS_ERRORS.slugTaken;
  }
  if (data.slugEn !== "" && (await articleSlugTaken(ctx.k, "slug_en", data.slugEn, id))) {
    errors.slugEn = NEWS_ERRORS.slugTaken;
  }
  return errors;
}

/** The audit action of a save: creating, publishing, unpublishing or editing. */
function auditAction(
  existing: NewsAdminRecord | null,
  intent: NewsFormData["intent"],
): AuditAction {
  if (!existing) return "news.create";
  if (intent === "publish") return "news.publish";
  if (intent === "unpublish") return "news.unpublish";
  return "news.update";
}

/**
 * Creates (id null) or updates an article from the validated form, moving it through
 * draft → scheduled → published as the form's intent says, and keeping renamed slugs in the
 * history for old URLs. Refuses an unknown article (404) and a slug in use (409).
 */
export async function saveArticle(
  ctx: ContentContext,
  actor: Actor,
  id: number | null,
  data: NewsFormData,
): Promise<Outcome<{ id: number; status: NewsStatus }>> {
  const now = ctx.clock();
  const stamp = now.toISOString();
  const existing = id === null ? null : await loadArticle(ctx, id);
  if (id !== null && !existing) return refusal(404, "adminNews.errors.notFound");
  const errors = await slugErrors(ctx, data, id);
  if (Object.keys(errors).length > 0) return fieldRefusal(errors, 409);

  let publishedAt = data.publishedAt;
  const status = statusAfter(data.intent, existing?.storedStatus ?? "draft", publishedAt, now);
  if (status !== "draft" && publishedAt === null) publishedAt = stamp;
  const values = {
    title_vi: data.titleVi,
    title_en: data.titleEn,
    summary_vi: data.summaryVi,
    summary_en: data.summaryEn,
    slug_vi: data.slugVi,
    slug_en: data.slugEn,
    // The one allow-list, again: whatever the action parsed, only safe blocks are stored.
    body_vi: JSON.stringify(sanitizeBlocks(data.bodyVi)),
    body_en: JSON.stringify(sanitizeBlocks(data.bodyEn)),
    cover_image: data.coverImage || null,
    status,
    published_at: publishedAt,
    updated_at: stamp,
  };

  let savedId: number;
  try {
    savedId = await ctx.k.transaction().execute(async (trx) => {
      let articleId: number;
      if (existing) {
        await trx.updateTable("news_articles").set(values).where("id", "=", existing.id).execute();
        articleId = existing.id;
      } else {
        const inserted = await trx
          .insertInto("news_articles")
          .values({ ...values, created_at: stamp })
          .returning("id")
          .executeTakeFirstOrThrow();
        articleId = Number(inserted.id);
      }
      for (const lang of ["vi", "en"] as const) {
        const before = (lang === "vi" ? existing?.slugVi : existing?.slugEn) ?? "";
        const after = lang === "vi" ? data.slugVi : data.slugEn;
        if (before === after) continue;
        await recordSlugChange(trx, { lang, before, after, articleId, at: stamp });
      }
      return articleId;
    });
  } catch (error) {
    // Two saves racing for one slug: the unique index decides.
    if (/unique|duplicate/i.test(String((error as Error).message))) {
      return fieldRefusal({ slugVi: NEWS_ERRORS.slugTaken }, 409);
    }
    throw error;
  }

  await ctx.audit.record(
    actor,
    auditAction(existing, data.intent),
    { type: "news", id: savedId },
    {
      title: data.titleVi,
      status,
      publishedAt,
      ...(existing && existing.slugVi !== data.slugVi
        ? { slugVi: { from: existing.slugVi, to: data.slugVi } }
        : {}),
      ...(existing && existing.slugEn !== data.slugEn
        ? { slugEn: { from: existing.slugEn, to: data.slugEn } }
        : {}),
    },
  );
  ctx.onChange();
  return { ok: true, id: savedId, status };
}
