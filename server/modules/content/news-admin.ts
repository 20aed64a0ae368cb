import { pickLang } from "../../../core/category-tree";
import type { NewsArticle, NewsSummary } from "../../../core/content";
import type { Lang } from "../../../core/languages";
import type { ListPage, ListQuery } from "../../../core/list-query";
import {
  statusAfter,
  vietnamLocalToIso,
  NEWS_ERRORS,
  type NewsFormData,
  type NewsListSort,
  type NewsStatus,
} from "../../../core/news-admin";
import { parseStoredBlocks, sanitizeBlocks, type Block } from "../../../core/rich-text";
import type { Selectable } from "kysely";
import type { Db } from "../../db/database";
import type { NewsArticleTable } from "../../db/schema";
import { listPage } from "../admin/list-query";
import type { Actor, AuditService } from "../audit/service";
import { listVisibleNews } from "./queries";

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

/** An article as the edit form needs it (both languages, stored values). */
export interface NewsAdminRecord {
  id: number;
  titleVi: string;
  titleEn: string;
  summaryVi: string;
  summaryEn: string;
  slugVi: string;
  slugEn: string;
  bodyVi: Block[];
  bodyEn: Block[];
  coverImage: string | null;
  status: NewsStatus;
  storedStatus: NewsStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewsSaveResult =
  { ok: true; id: number; status: NewsStatus } | { ok: false; fieldErrors: Record<string, string> };

export type NewsAdminService = ReturnType<typeof createNewsAdminService>;

const SLUG_TYPE = "news";

/** The effective state at `now` (a scheduled article past its time is published). */
function effectiveStatus(row: Pick<NewsArticleTable, "status" | "published_at">, now: string) {
  if (row.status === "scheduled" && row.published_at !== null && row.published_at <= now) {
    return "published" as const;
  }
  return row.status;
}

const slugOf = (row: Pick<NewsArticleTable, "slug_vi" | "slug_en">, lang: Lang) =>
  lang === "en" && row.slug_en.trim() !== "" ? row.slug_en : row.slug_vi;

/**
 * The news back office (PRODUCT §7): paged list, read for editing, create/update with the
 * draft → scheduled → published states, delete, staff preview of any state, and the slug
 * history behind old-URL redirects. Every write is sanitised here (titles are plain text from
 * the core schema, bodies go through `sanitizeBlocks` again), audited, and clears the HTML
 * cache through `onContentChange`. Permissions are the routes' job (section `content`).
 */
export function createNewsAdminService(
  db: Db,
  deps: { audit: AuditService; onContentChange: () => void; clock?: () => Date },
) {
  const clock = deps.clock ?? (() => new Date());
  const k = db.kysely;

  async function slugErrors(data: NewsFormData, id: number | null) {
    const errors: Record<string, string> = {};
    const takenVi = await k
      .selectFrom("news_articles")
      .select("id")
      .where("slug_vi", "=", data.slugVi)
      .$if(id !== null, (q) => q.where("id", "!=", id!))
      .executeTakeFirst();
    if (takenVi) errors.slugVi = NEWS_ERRORS.slugTaken;
    if (data.slugEn !== "") {
      const takenEn = await k
        .selectFrom("news_articles")
        .select("id")
        .where("slug_en", "=", data.slugEn)
        .$if(id !== null, (q) => q.where("id", "!=", id!))
        .executeTakeFirst();
      if (takenEn) errors.slugEn = NEWS_ERRORS.slugTaken;
    }
    return errors;
  }

  function toRecord(row: Selectable<NewsArticleTable>, now: string): NewsAdminRecord {
    return {
      id: Number(row.id),
      titleVi: row.title_vi,
      titleEn: row.title_en,
      summaryVi: row.summary_vi,
      summaryEn: row.summary_en,
      slugVi: row.slug_vi,
      slugEn: row.slug_en,
      bodyVi: parseStoredBlocks(row.body_vi),
      bodyEn: parseStoredBlocks(row.body_en),
      coverImage: row.cover_image,
      status: effectiveStatus(row, now),
      storedStatus: row.status,
      publishedAt: row.published_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  return {
    async list(query: ListQuery<NewsListSort, "status">): Promise<ListPage<NewsAdminRow>> {
      const now = clock().toISOString();
      let base = k.selectFrom("news_articles");
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
        tieBreaker: "id",
        select: (qb) =>
          qb.select([
            "id",
            "title_vi",
            "title_en",
            "slug_vi",
            "status",
            "published_at",
            "updated_at",
          ]),
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
    },

    async get(id: number): Promise<NewsAdminRecord | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const row = await k
        .selectFrom("news_articles")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toRecord(row, clock().toISOString()) : null;
    },

    /** Creates (id null) or updates an article from the validated form. */
    async save(actor: Actor, id: number | null, data: NewsFormData): Promise<NewsSaveResult> {
      const now = clock();
      const stamp = now.toISOString();
      const existing = id === null ? undefined : await this.get(id);
      if (id !== null && !existing)
        return { ok: false, fieldErrors: { form: "adminNews.errors.notFound" } };
      const errors = await slugErrors(data, id);
      if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };

      let publishedAt = data.publishedAt ? vietnamLocalToIso(data.publishedAt) : null;
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
        savedId = await k.transaction().execute(async (trx) => {
          if (existing) {
            await trx
              .updateTable("news_articles")
              .set(values)
              .where("id", "=", existing.id)
              .execute();
            for (const lang of ["vi", "en"] as const) {
              const before = lang === "vi" ? existing.slugVi : existing.slugEn;
              const after = lang === "vi" ? data.slugVi : data.slugEn;
              if (before === after) continue;
              // The new slug is this article's own now; the old one keeps pointing here.
              await trx
                .deleteFrom("slug_history")
                .where("type", "=", SLUG_TYPE)
                .where("lang", "=", lang)
                .where("slug", "in", after ? [before, after] : [before])
                .execute();
              if (before) {
                await trx
                  .insertInto("slug_history")
                  .values({
                    type: SLUG_TYPE,
                    lang,
                    slug: before,
                    target_id: existing.id,
                    created_at: stamp,
                  })
                  .execute();
              }
            }
            return existing.id;
          }
          const inserted = await trx
            .insertInto("news_articles")
            .values({ ...values, created_at: stamp })
            .returning("id")
            .executeTakeFirstOrThrow();
          for (const [lang, slug] of [
            ["vi", data.slugVi],
            ["en", data.slugEn],
          ] as const) {
            if (slug) {
              await trx
                .deleteFrom("slug_history")
                .where("type", "=", SLUG_TYPE)
                .where("lang", "=", lang)
                .where("slug", "=", slug)
                .execute();
            }
          }
          return Number(inserted.id);
        });
      } catch (error) {
        // Two saves racing for one slug: the unique index decides.
        if (/unique|duplicate/i.test(String((error as Error).message))) {
          return { ok: false, fieldErrors: { slugVi: NEWS_ERRORS.slugTaken } };
        }
        throw error;
      }

      const action = !existing
        ? "news.create"
        : data.intent === "publish"
          ? "news.publish"
          : data.intent === "unpublish"
            ? "news.unpublish"
            : "news.update";
      await deps.audit.record(
        actor,
        action,
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
      deps.onContentChange();
      return { ok: true, id: savedId, status };
    },

    async remove(actor: Actor, id: number): Promise<boolean> {
      const existing = await this.get(id);
      if (!existing) return false;
      await k.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("slug_history")
          .where("type", "=", SLUG_TYPE)
          .where("target_id", "=", id)
          .execute();
        await trx.deleteFrom("news_articles").where("id", "=", id).execute();
      });
      await deps.audit.record(
        actor,
        "news.delete",
        { type: "news", id },
        { title: existing.titleVi },
      );
      deps.onContentChange();
      return true;
    },

    /** Any article, whatever its state, shaped exactly as the public page receives it (staff preview). */
    async preview(
      id: number,
      lang: Lang,
    ): Promise<{ article: NewsArticle; related: NewsSummary[]; status: NewsStatus } | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const row = await k
        .selectFrom("news_articles")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      const now = clock().toISOString();
      const body = parseStoredBlocks(lang === "en" ? row.body_en : row.body_vi);
      const summary = (r: typeof row | Awaited<ReturnType<typeof listVisibleNews>>[number]) => ({
        id: Number(r.id),
        slug: slugOf(r, lang),
        title: pickLang({ vi: r.title_vi, en: r.title_en }, lang),
        summary: pickLang({ vi: r.summary_vi, en: r.summary_en }, lang),
        coverImage: r.cover_image,
        publishedAt: r.published_at ?? now,
      });
      const related = await listVisibleNews(k, now, { limit: 3, offset: 0, excludeId: id });
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
    },

    /**
     * The article a slug names (its current slug in that language, or one it used to have),
     * for old URLs: `/tin-tuc-cuoc-thi/<old-slug>` or a slug without its id.
     */
    async idForSlug(slug: string, lang: Lang): Promise<number | null> {
      if (!slug || slug.length > 200) return null;
      const current = await k
        .selectFrom("news_articles")
        .select("id")
        .where((eb) =>
          lang === "en"
            ? eb.or([eb("slug_en", "=", slug), eb("slug_vi", "=", slug)])
            : eb("slug_vi", "=", slug),
        )
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (current) return Number(current.id);
      const old = await k
        .selectFrom("slug_history")
        .select("target_id")
        .where("type", "=", SLUG_TYPE)
        .where("slug", "=", slug)
        .where("lang", "in", lang === "en" ? ["en", "vi"] : ["vi"])
        .orderBy("id", "desc")
        .executeTakeFirst();
      return old ? Number(old.target_id) : null;
    },

    /** The article's other slugs that should redirect (for tests and the edit page). */
    async oldSlugs(id: number): Promise<{ lang: string; slug: string }[]> {
      return k
        .selectFrom("slug_history")
        .select(["lang", "slug"])
        .where("type", "=", SLUG_TYPE)
        .where("target_id", "=", id)
        .orderBy("id", "desc")
        .execute();
    },
  };
}
