import type { Kysely, Selectable } from "kysely";
import type { NewsStatus } from "../../../core/news-admin";
import { parseStoredBlocks, type Block } from "../../../core/rich-text";
import type { Database, JuryMemberTable, NewsArticleTable } from "../../db/schema";
import type { AuditService } from "../audit/service";
import { findSeasonByYear } from "../seasons/queries";
import { winnerSelect, type AdminWinnerRow } from "./queries";

/**
 * What every content back-office operation works with: the database, the audit log (each
 * write records its own entry), `onChange` (clears the HTML cache so the public page shows
 * the change on the next request) and the clock.
 */
export interface ContentContext {
  k: Kysely<Database>;
  audit: Pick<AuditService, "record">;
  onChange: () => void;
  clock: () => Date;
}

export interface AdminJuryMember {
  id: number;
  year: number;
  name: string;
  titleVi: string;
  titleEn: string;
  organisation: string;
  bioVi: string;
  bioEn: string;
  photo: string | null;
  photoMediaId: number | null;
  isChair: boolean;
  sortOrder: number;
}

export interface AdminWinner {
  id: number;
  year: number;
  entryId: string | null;
  /** The linked entry's code (what staff type and see), when it has one. */
  entryCode: string | null;
  title: string;
  brand: string;
  agency: string;
  categoryId: number | null;
  categoryCode: string | null;
  categoryName: { vi: string; en: string } | null;
  categoryLabelVi: string;
  categoryLabelEn: string;
  prize: string;
  image: string | null;
  imageMediaId: number | null;
  videoUrl: string | null;
  sortOrder: number;
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

export function toJuror(r: Selectable<JuryMemberTable>): AdminJuryMember {
  return {
    id: Number(r.id),
    year: Number(r.year),
    name: r.name,
    titleVi: r.title_vi,
    titleEn: r.title_en,
    organisation: r.organisation,
    bioVi: r.bio_vi,
    bioEn: r.bio_en,
    photo: r.photo,
    photoMediaId: r.photo_media_id === null ? null : Number(r.photo_media_id),
    isChair: Boolean(r.is_chair),
    sortOrder: Number(r.sort_order),
  };
}

export function toWinner(r: AdminWinnerRow): AdminWinner {
  return {
    id: Number(r.id),
    year: Number(r.year),
    entryId: r.entry_id,
    entryCode: r.entry_code ?? null,
    title: r.title,
    brand: r.brand,
    agency: r.agency,
    categoryId: r.category_id === null ? null : Number(r.category_id),
    categoryCode: r.category_code ?? null,
    categoryName:
      r.category_name_vi === null ? null : { vi: r.category_name_vi, en: r.category_name_en ?? "" },
    categoryLabelVi: r.category_label_vi,
    categoryLabelEn: r.category_label_en,
    prize: r.prize,
    image: r.image,
    imageMediaId: r.image_media_id === null ? null : Number(r.image_media_id),
    videoUrl: r.video_url,
    sortOrder: Number(r.sort_order),
  };
}

/** The effective state at `now` (a scheduled article past its time is published). */
export function effectiveStatus(
  row: Pick<NewsArticleTable, "status" | "published_at">,
  now: string,
): NewsStatus {
  if (row.status === "scheduled" && row.published_at !== null && row.published_at <= now) {
    return "published";
  }
  return row.status;
}

export function toArticleRecord(row: Selectable<NewsArticleTable>, now: string): NewsAdminRecord {
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

export async function loadJuror(k: Kysely<Database>, id: number): Promise<AdminJuryMember | null> {
  const row = await k
    .selectFrom("jury_members")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toJuror(row) : null;
}

export async function loadWinner(k: Kysely<Database>, id: number): Promise<AdminWinner | null> {
  const row = await winnerSelect(k).where("w.id", "=", id).executeTakeFirst();
  return row ? toWinner(row) : null;
}

/** The stored article row (ids that are not positive safe integers name none). */
export async function loadArticleRow(k: Kysely<Database>, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return k.selectFrom("news_articles").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function loadArticle(
  ctx: ContentContext,
  id: number,
): Promise<NewsAdminRecord | null> {
  const row = await loadArticleRow(ctx.k, id);
  return row ? toArticleRecord(row, ctx.clock().toISOString()) : null;
}

/** The id of the season of a year (null when there is none). */
export async function loadSeasonId(k: Kysely<Database>, year: number): Promise<number | null> {
  return (await findSeasonByYear(k, year))?.id ?? null;
}
