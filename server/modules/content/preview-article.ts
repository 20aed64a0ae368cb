import type { NewsArticle, NewsSummary } from "../../../core/content";
import { pickLang, type Lang } from "../../../core/languages";
import type { NewsStatus } from "../../../core/news-admin";
import { parseStoredBlocks } from "../../../core/rich-text";
import type { NewsArticleTable } from "../../db/schema";
import { effectiveStatus, loadArticleRow, type ContentContext } from "./load";
import { listVisibleNews } from "./queries";

const slugOf = (row: Pick<NewsArticleTable, "slug_vi" | "slug_en">, lang: Lang) =>
  lang === "en" && row.slug_en.trim() !== "" ? row.slug_en : row.slug_vi;

/** Any article, whatever its state, shaped exactly as the public page receives it (staff preview). */
export async function previewArticle(
  ctx: ContentContext,
  id: number,
  lang: Lang,
): Promise<{ article: NewsArticle; related: NewsSummary[]; status: NewsStatus } | null> {
  const row = await loadArticleRow(ctx.k, id);
  if (!row) return null;
  const now = ctx.clock().toISOString();
  const body = parseStoredBlocks(lang === "en" ? row.body_en : row.body_vi);
  const summary = (r: typeof row | Awaited<ReturnType<typeof listVisibleNews>>[number]) => ({
    id: Number(r.id),
    slug: slugOf(r, lang),
    title: pickLang({ vi: r.title_vi, en: r.title_en }, lang),
    summary: pickLang({ vi: r.summary_vi, en: r.summary_en }, lang),
    coverImage: r.cover_image,
    publishedAt: r.published_at ?? now,
  });
  const related = await listVisibleNews(ctx.k, now, { limit: 3, offset: 0, excludeId: id });
  return {
    status: effectiveStatus(row, now),
    article: {
      ...summary(row),
      shareImage: row.cover_image,
      body: body.length > 0 ? body : parseStoredBlocks(row.body_vi),
      updatedAt: row.updated_at,
      slugs: { vi: slugOf(row, "vi"), en: slugOf(row, "en") },
    },
    related: related.map(summary),
  };
}
