import type { ListPage, ListQuery } from "../../../core/list-query";
import type { NewsListSort, NewsStatus } from "../../../core/news-admin";
import { listPage } from "../admin/list-query";
import { effectiveStatus, type ContentContext } from "./load";

/** A row of the back-office news table. */
export interface NewsAdminRow {
  id: number;
  titleVi: string;
  titleEn: string;
  slugVi: string;
  /** What a visitor sees now: a scheduled article whose time has come counts as published. */
  status: NewsStatus;
  publishedAt: string | null;
  updatedAt: string;
}

/** The back-office news table: paged, searched, filtered by the state a visitor sees, sorted. */
export async function listArticles(
  ctx: ContentContext,
  query: ListQuery<NewsListSort, "status">,
): Promise<ListPage<NewsAdminRow>> {
  const now = ctx.clock().toISOString();
  let base = ctx.k.selectFrom("news_articles");
  const status = query.filters.status;
  if (status === "draft") base = base.where("status", "=", "draft");
  if (status === "scheduled") {
    base = base.where("status", "=", "scheduled").where("published_at", ">", now);
  }
  if (status === "published") {
    base = base.where((eb) =>
      eb.or([
        eb("status", "=", "published"),
        eb.and([eb("status", "=", "scheduled"), eb("published_at", "<=", now)]),
      ]),
    );
  }
  const result = await listPage(base, query, {
    sortColumns: {
      updated: "updated_at",
      published: "published_at",
      title: "title_vi",
      status: "status",
    },
    searchColumns: ["title_vi", "title_en", "slug_vi", "slug_en"],
    textSorts: ["title"],
    tieBreaker: "id",
    select: (qb) =>
      qb.select(["id", "title_vi", "title_en", "slug_vi", "status", "published_at", "updated_at"]),
  });
  return {
    ...result,
    items: result.items.map((row) => ({
      id: Number(row.id),
      titleVi: row.title_vi,
      titleEn: row.title_en,
      slugVi: row.slug_vi,
      status: effectiveStatus(row, now),
      publishedAt: row.published_at,
      updatedAt: row.updated_at,
    })),
  };
}
