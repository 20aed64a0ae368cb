import type { Kysely } from "kysely";
import { CONTENT_PAGE_KEYS, type ContentPageKey } from "../../../core/content-admin";
import { parseStoredBlocks, type Block } from "../../../core/rich-text";
import type { Database } from "../../db/schema";
import type { DocumentsService, PublicDocument } from "../documents/service";
import { listSeasons } from "../seasons/queries";
import { loadSeasonId, toJuror, toWinner, type AdminJuryMember, type AdminWinner } from "./load";
import { countRows, listJury, seasonCategories, winnerSelect } from "./queries";

/** What the content back office lists: years, a year's jury and winners, pages, criteria PDFs. */

export const ADMIN_WINNERS_PAGE_SIZE = 25;

export interface AdminCategoryOption {
  id: number;
  code: string;
  name: { vi: string; en: string };
  group: { vi: string; en: string };
  track: { vi: string; en: string };
}

export interface AdminContentPage {
  key: ContentPageKey;
  /** True when the season has no version of its own yet (the shared one is shown). */
  inherited: boolean;
  exists: boolean;
  titleVi: string;
  titleEn: string;
  summaryVi: string;
  summaryEn: string;
  bodyVi: Block[];
  bodyEn: Block[];
  updatedAt: string | null;
}

/** Years an editor can pick: the seasons and any year with content. */
export async function contentYears(
  k: Kysely<Database>,
  kind: "jury" | "winners",
): Promise<number[]> {
  const seasons = (await listSeasons(k)).map((s) => Number(s.year));
  const table = kind === "jury" ? "jury_members" : "winners";
  const used = (await k.selectFrom(table).select("year").distinct().execute()).map((r) =>
    Number(r.year),
  );
  return [...new Set([...seasons, ...used])].sort((a, b) => b - a);
}

/** The year's jurors in the order the public page shows them. */
export async function listJurors(k: Kysely<Database>, year: number): Promise<AdminJuryMember[]> {
  return (await listJury(k, year)).map(toJuror);
}

/** The categories of a year's season, for the winner form and the list filter. */
export async function winnerCategories(
  k: Kysely<Database>,
  year: number,
): Promise<AdminCategoryOption[]> {
  const rows = await seasonCategories(k, year)
    .select([
      "c.id",
      "c.code",
      "c.name_vi",
      "c.name_en",
      "g.name_vi as group_vi",
      "g.name_en as group_en",
      "t.name_vi as track_vi",
      "t.name_en as track_en",
    ])
    .orderBy("t.sort_order")
    .orderBy("g.sort_order")
    .orderBy("c.sort_order")
    .orderBy("c.id")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    name: { vi: r.name_vi, en: r.name_en },
    group: { vi: r.group_vi, en: r.group_en },
    track: { vi: r.track_vi, en: r.track_en },
  }));
}

/** A year's winners, optionally of one category, a page at a time (server paging). */
export async function listAdminWinners(
  k: Kysely<Database>,
  options: { year: number; categoryId?: number | null; page?: number; pageSize?: number },
): Promise<{
  items: AdminWinner[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}> {
  const pageSize = options.pageSize ?? ADMIN_WINNERS_PAGE_SIZE;
  let base = k.selectFrom("winners").where("year", "=", options.year);
  if (options.categoryId) base = base.where("category_id", "=", options.categoryId);
  const total = await countRows(base);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1) || 1), pageCount);
  let query = winnerSelect(k).where("w.year", "=", options.year);
  if (options.categoryId) query = query.where("w.category_id", "=", options.categoryId);
  const rows = await query
    .orderBy("w.sort_order")
    .orderBy("w.id")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(toWinner), total, page, pageCount, pageSize };
}

/** Every editable page as the season shows it (its own version, else the shared one). */
export async function listPages(k: Kysely<Database>, year: number): Promise<AdminContentPage[]> {
  const seasonId = await loadSeasonId(k, year);
  const rows = await k
    .selectFrom("content_pages")
    .selectAll()
    .where("key", "in", [...CONTENT_PAGE_KEYS])
    .orderBy("id", "desc")
    .execute();
  return CONTENT_PAGE_KEYS.map((key) => {
    const own =
      seasonId === null ? undefined : rows.find((r) => r.key === key && r.season_id === seasonId);
    const shared = rows.find((r) => r.key === key && r.season_id === null);
    const row = own ?? shared;
    return {
      key,
      inherited: !own,
      exists: Boolean(row),
      titleVi: row?.title_vi ?? "",
      titleEn: row?.title_en ?? "",
      summaryVi: row?.summary_vi ?? "",
      summaryEn: row?.summary_en ?? "",
      bodyVi: parseStoredBlocks(row?.body_vi),
      bodyEn: parseStoredBlocks(row?.body_en),
      updatedAt: row?.updated_at ?? null,
    };
  });
}

/** Seasons with their criteria PDFs (newest first per language). */
export async function listCriteriaDocuments(
  k: Kysely<Database>,
  documents: DocumentsService,
): Promise<{ year: number; documents: PublicDocument[] }[]> {
  const seasons = (await listSeasons(k)).map((s) => Number(s.year)).sort((a, b) => b - a);
  const out: { year: number; documents: PublicDocument[] }[] = [];
  for (const year of seasons) {
    out.push({ year, documents: await documents.ofSeason(year, "criteria") });
  }
  return out;
}
