import type { Lang } from "../../../core/languages";
import type { ListQuery } from "../../../core/list-query";
import type { NewsFormData, NewsListSort } from "../../../core/news-admin";
import type { Db } from "../../db/database";
import type { Actor, AuditService } from "../audit/service";
import { articleIdForSlug, oldArticleSlugs } from "./article-slugs";
import { deleteArticle } from "./delete-article";
import { listArticles } from "./list-articles";
import { loadArticle, type ContentContext } from "./load";
import { previewArticle } from "./preview-article";
import { saveArticle } from "./save-article";

export type { NewsAdminRow } from "./list-articles";
export type { NewsAdminRecord } from "./load";

/**
 * The news back office (PRODUCT §7): paged list, read for editing, create/update with the
 * draft → scheduled → published states, delete, staff preview of any state, and the slug
 * history behind old-URL redirects; each operation in its own file. Every write is
 * sanitised (titles are plain text from the core schema, bodies go through `sanitizeBlocks`
 * again), records its own audit entry and clears the HTML cache. Permissions are the
 * callers' job (section `content`).
 */
export type NewsAdminService = ReturnType<typeof createNewsAdminService>;

export function createNewsAdminService(
  db: Db,
  deps: { audit: AuditService; onContentChange: () => void; clock?: () => Date },
) {
  const ctx: ContentContext = {
    k: db.kysely,
    audit: deps.audit,
    onChange: deps.onContentChange,
    clock: deps.clock ?? (() => new Date()),
  };
  return {
    list: (query: ListQuery<NewsListSort, "status">) => listArticles(ctx, query),
    get: (id: number) => loadArticle(ctx, id),
    save: (actor: Actor, id: number | null, data: NewsFormData) =>
      saveArticle(ctx, actor, id, data),
    remove: (actor: Actor, id: number) => deleteArticle(ctx, actor, id),
    preview: (id: number, lang: Lang) => previewArticle(ctx, id, lang),
    idForSlug: (slug: string, lang: Lang) => articleIdForSlug(ctx.k, slug, lang),
    oldSlugs: (id: number) => oldArticleSlugs(ctx.k, id),
  };
}
