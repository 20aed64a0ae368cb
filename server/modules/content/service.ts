import { pickLang, type Lang } from "../../../core/languages";
import type { ResponsiveImageData } from "../../../core/media-image";
import type {
  ContentPage,
  JuryMember,
  NewsArticle,
  NewsSummary,
  Paged,
  Winner,
  WinnerCategoryOption,
} from "../../../core/content";
import { vietnameseFallbacks } from "../../../core/content";
import { parseStoredBlocks } from "../../../core/rich-text";
import { newsOgImagePath } from "../../../core/social-image";
import type { Db } from "../../db/database";
import type { NewsArticleTable } from "../../db/schema";
import { KeptReads } from "../../kept-reads";
import { findSeasonByYear } from "../seasons/queries";
import type { SeasonsService } from "../seasons/service";
import {
  countVisibleNews,
  countWinners,
  findPage,
  findVisibleArticle,
  juryYears,
  listJury,
  listSitemapNews,
  listVisibleNews,
  listWinnerCategories,
  listWinners,
  winnerYears,
} from "./queries";

/** Items per page on the news list and the winners list (seed §3: pages count from 1). */
export const NEWS_PAGE_SIZE = 9;
export const WINNERS_PAGE_SIZE = 9;

export type ContentService = ReturnType<typeof createContentService>;

const bi = (vi: string, en: string, lang: Lang) => pickLang({ vi, en }, lang);
/** Whether an English page shows this text in Vietnamese: it has Vietnamese but no English. */
const viOnly = (vi: string | null, en: string | null) =>
  (vi ?? "").trim() !== "" && (en ?? "").trim() === "";

/**
 * A stored rich-text body in `lang`: an English page without an English body shows the
 * Vietnamese one (`inVi`).
 */
function bodyIn(row: { body_vi: string; body_en: string }, lang: Lang) {
  const own = parseStoredBlocks(lang === "en" ? row.body_en : row.body_vi);
  if (own.length > 0 || lang !== "en") return { body: own, inVi: false };
  const vi = parseStoredBlocks(row.body_vi);
  return { body: vi, inVi: vi.length > 0 };
}

function paging(requested: number, total: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * size };
}

function articleSlug(row: Pick<NewsArticleTable, "slug_vi" | "slug_en">, lang: Lang): string {
  return lang === "en" && row.slug_en.trim() !== "" ? row.slug_en : row.slug_vi;
}

/** Turns stored image references into responsive images (the media service's `resolveMany`). */
export interface ImageResolver {
  resolveMany(
    refs: readonly { mediaId?: number | null; src?: string | null }[],
  ): Promise<((ResponsiveImageData & { visibility?: "public" | "private" }) | null)[]>;
}

/**
 * Responsive data only for public images in the media library; legacy paths stay plain `src`.
 * A private picture (an entrant's, unpublished) is never shown, whatever a row points at.
 */
async function uploadedImages(
  images: ImageResolver | undefined,
  refs: { mediaId: number | null; src: string | null }[],
): Promise<(ResponsiveImageData | null)[]> {
  if (!images || !refs.some((r) => r.mediaId !== null || r.src?.startsWith("/media/"))) {
    return refs.map(() => null);
  }
  const resolved = await images.resolveMany(refs);
  return resolved.map((image) => (image?.srcset && image.visibility !== "private" ? image : null));
}

export function createContentService(
  db: Db,
  seasons: Pick<SeasonsService, "current">,
  clock: () => Date = () => new Date(),
  images?: ImageResolver,
  /** Where the reads every public page repeats are kept between content changes. */
  kept: KeptReads = new KeptReads(0),
) {
  const now = () => clock().toISOString();

  const summary = (
    row: Pick<
      NewsArticleTable,
      | "slug_vi"
      | "slug_en"
      | "title_vi"
      | "title_en"
      | "summary_vi"
      | "summary_en"
      | "cover_image"
      | "published_at"
    > & { id: number },
    lang: Lang,
  ): NewsSummary => ({
    id: Number(row.id),
    slug: articleSlug(row, lang),
    title: bi(row.title_vi, row.title_en, lang),
    summary: bi(row.summary_vi, row.summary_en, lang),
    coverImage: row.cover_image,
    publishedAt: row.published_at ?? "",
    ...vietnameseFallbacks(lang, {
      title: viOnly(row.title_vi, row.title_en),
      summary: viOnly(row.summary_vi, row.summary_en),
    }),
  });

  type SummaryRow = Parameters<typeof summary>[0];

  /** Summaries with their covers resolved through the media library (one query). */
  const summaries = async (rows: SummaryRow[], lang: Lang): Promise<NewsSummary[]> => {
    const covers = await uploadedImages(
      images,
      rows.map((r) => ({ mediaId: null, src: r.cover_image })),
    );
    return rows.map((r, i) => ({ ...summary(r, lang), coverImageData: covers[i] ?? null }));
  };

  async function readJury(
    requestedYear: number | null,
    lang: Lang,
    limit?: number,
  ): Promise<{ year: number | null; years: number[]; members: JuryMember[] }> {
    const years = await juryYears(db.kysely);
    const year =
      requestedYear !== null && years.includes(requestedYear) ? requestedYear : (years[0] ?? null);
    if (year === null) return { year, years, members: [] };
    const rows = await listJury(db.kysely, year, limit);
    const photos = await uploadedImages(
      images,
      rows.map((r) => ({ mediaId: r.photo_media_id, src: r.photo })),
    );
    return {
      year,
      years,
      members: rows.map((r, i) => ({
        id: Number(r.id),
        name: r.name,
        title: bi(r.title_vi, r.title_en, lang),
        organisation: r.organisation,
        bio: bi(r.bio_vi, r.bio_en, lang),
        photo: r.photo,
        photoImage: photos[i] ?? null,
        isChair: Boolean(r.is_chair),
        ...vietnameseFallbacks(lang, {
          title: viOnly(r.title_vi, r.title_en),
          bio: viOnly(r.bio_vi, r.bio_en),
        }),
      })),
    };
  }

  async function readWinners(
    options: { year: number | null; categories?: string[]; page?: number; pageSize?: number },
    lang: Lang,
  ): Promise<
    Paged<Winner> & {
      year: number | null;
      years: number[];
      categories: WinnerCategoryOption[];
      selected: string[];
    }
  > {
    const years = await winnerYears(db.kysely);
    const year =
      options.year !== null && years.includes(options.year) ? options.year : (years[0] ?? null);
    if (year === null) {
      return {
        year,
        years,
        categories: [],
        selected: [],
        items: [],
        page: 1,
        pageCount: 1,
        total: 0,
      };
    }
    const categoryRows = await listWinnerCategories(db.kysely, year);
    const categories = categoryRows.map((c) => ({
      code: c.code,
      name: bi(c.name_vi, c.name_en, lang),
      group: bi(c.group_name_vi, c.group_name_en, lang),
    }));
    const known = new Set(categories.map((c) => c.code));
    const selected = [...new Set(options.categories ?? [])].filter((code) => known.has(code));
    const size = options.pageSize ?? WINNERS_PAGE_SIZE;
    const total = await countWinners(db.kysely, year, selected);
    const { page, pageCount, offset } = paging(options.page ?? 1, total, size);
    const rows = await listWinners(db.kysely, year, selected, { limit: size, offset });
    const pictures = await uploadedImages(
      images,
      rows.map((r) => ({ mediaId: r.image_media_id, src: r.image })),
    );
    return {
      year,
      years,
      categories,
      selected,
      page,
      pageCount,
      total,
      items: rows.map((r, i) => {
        // A label the organisers wrote; the category's bare name, as winners published from
        // judging used to carry, is none (it would hide the group).
        const label = bi(r.category_label_vi, r.category_label_en, lang);
        const name = bi(r.category_name_vi ?? "", r.category_name_en ?? "", lang);
        const own = label !== "" && label !== name;
        // The line shows the winner's own label, else the category's group and name.
        const categoryInVi = own
          ? viOnly(r.category_label_vi, r.category_label_en)
          : viOnly(r.category_name_vi, r.category_name_en) ||
            viOnly(r.group_name_vi, r.group_name_en);
        return {
          id: Number(r.id),
          title: r.entry_title?.trim() || r.title,
          brand: r.entry_brand?.trim() || r.brand,
          agency: r.agency,
          category: own ? label : name || label,
          // A label of the winner's own is shown as the organisers wrote it.
          group: own ? "" : bi(r.group_name_vi ?? "", r.group_name_en ?? "", lang),
          categoryCode: r.category_code ?? null,
          prize: r.prize,
          image: r.image,
          imageData: pictures[i] ?? null,
          videoUrl: r.video_url,
          // Only an entry that exists gets a link (a deleted one leaves a dangling id).
          entryId: r.linked_entry_id ?? null,
          ...vietnameseFallbacks(lang, {
            category: categoryInVi,
          }),
        };
      }),
    };
  }

  return {
    /** Published news, newest first. */
    async news(lang: Lang, requestedPage = 1): Promise<Paged<NewsSummary>> {
      const at = now();
      const total = await countVisibleNews(db.kysely, at);
      const { page, pageCount, offset } = paging(requestedPage, total, NEWS_PAGE_SIZE);
      const rows = await listVisibleNews(db.kysely, at, { limit: NEWS_PAGE_SIZE, offset });
      return { items: await summaries(rows, lang), page, pageCount, total };
    },

    latestNews(lang: Lang, limit = 3): Promise<NewsSummary[]> {
      return kept.get(`latest-news ${lang} ${limit}`, async () => {
        const rows = await listVisibleNews(db.kysely, now(), { limit, offset: 0 });
        return summaries(rows, lang);
      });
    },

    /** A published article by id (the id decides; the slug in a URL only has to match to avoid a redirect). */
    async article(id: number, lang: Lang): Promise<NewsArticle | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const row = await findVisibleArticle(db.kysely, id, now());
      if (!row) return null;
      const { body, inVi: bodyInVi } = bodyIn(row, lang);
      const [withCover] = await summaries([row], lang);
      return {
        ...withCover!,
        ...(bodyInVi ? { inVi: { ...withCover!.inVi, body: true as const } } : {}),
        shareImage: newsOgImagePath(Number(row.id), lang),
        body,
        updatedAt: row.updated_at,
        slugs: { vi: articleSlug(row, "vi"), en: articleSlug(row, "en") },
      };
    },

    /** The years with a jury and the years with winners, newest first (header submenus, switchers). */
    years(): Promise<{ jury: number[]; winners: number[] }> {
      return kept.get("years", async () => {
        const [jury, winners] = await Promise.all([juryYears(db.kysely), winnerYears(db.kysely)]);
        return { jury, winners };
      });
    },

    /** Other recent articles to read next. */
    async related(id: number, lang: Lang, limit = 3): Promise<NewsSummary[]> {
      const rows = await listVisibleNews(db.kysely, now(), { limit, offset: 0, excludeId: id });
      return summaries(rows, lang);
    },

    /** The jury of a year; a missing or unknown year is the latest year that has a jury. */
    jury(requestedYear: number | null, lang: Lang, limit?: number) {
      return kept.get(`jury ${requestedYear} ${lang} ${limit}`, () =>
        readJury(requestedYear, lang, limit),
      );
    },

    /** Winners of a year, filtered by category codes (any of them), a page at a time. */
    winners(
      options: { year: number | null; categories?: string[]; page?: number; pageSize?: number },
      lang: Lang,
    ) {
      return kept.get(`winners ${lang} ${JSON.stringify(options)}`, () =>
        readWinners(options, lang),
      );
    },

    /** An editable page (`award-introduction`, `track:<slug>`) for the current season. */
    async page(key: string, lang: Lang): Promise<ContentPage | null> {
      const season = await seasons.current();
      const seasonRow = season ? await findSeasonByYear(db.kysely, season.year) : undefined;
      const row = await findPage(db.kysely, key, seasonRow?.id ?? null);
      if (!row) return null;
      const { body, inVi: bodyInVi } = bodyIn(row, lang);
      return {
        title: bi(row.title_vi, row.title_en, lang),
        summary: bi(row.summary_vi, row.summary_en, lang),
        body,
        ...vietnameseFallbacks(lang, {
          title: viOnly(row.title_vi, row.title_en),
          summary: viOnly(row.summary_vi, row.summary_en),
          body: bodyInVi,
        }),
      };
    },

    /** Published articles for sitemap.xml, with each language's slug. */
    async sitemapNews(): Promise<{ id: number; slugs: Record<Lang, string>; updatedAt: string }[]> {
      const rows = await listSitemapNews(db.kysely, now());
      return rows.map((r) => ({
        id: Number(r.id),
        slugs: { vi: articleSlug(r, "vi"), en: articleSlug(r, "en") },
        updatedAt: r.updated_at,
      }));
    },
  };
}
