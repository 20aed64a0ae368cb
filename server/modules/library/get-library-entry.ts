import { isPrize } from "../../../core/judging-prizes";
import { creditRoleIn } from "../../../core/credit-roles";
import type { Lang } from "../../../core/languages";
import { inReadingOrder, libraryFilePath, type LibraryEntry } from "../../../core/library";
import type { ResponsiveImageData } from "../../../core/media-image";
import { entryOgImagePath } from "../../../core/social-image";
import { parseVideoLink } from "../../../core/video-link";
import type { LibraryContext } from "./context";
import { mediaIdOf } from "./index-entry";

/** The files a visitor opens through the public file route (images go through `/media/…`). */
export const LIBRARY_SERVED_FIELDS = [
  "video",
  "ideaArticleVi",
  "ideaArticleEn",
  "slidesVi",
  "slidesEn",
] as const;

const DOCUMENTS: Record<string, { lang: "vi" | "en"; kind: "article" | "slides" }> = {
  ideaArticleVi: { lang: "vi", kind: "article" },
  ideaArticleEn: { lang: "en", kind: "article" },
  slidesVi: { lang: "vi", kind: "slides" },
  slidesEn: { lang: "en", kind: "slides" },
};

/** The credits as the page shows them: a role the product knows in the page's language. */
function credits(json: string, lang: Lang): LibraryEntry["credits"] {
  const clean = (list: unknown) =>
    Array.isArray(list)
      ? list
          .map((c: { name?: unknown; role?: unknown } | null) => ({
            name: typeof c?.name === "string" ? c.name : "",
            role: typeof c?.role === "string" ? creditRoleIn(c.role, lang) : "",
          }))
          .filter((c) => c.name !== "")
      : [];
  try {
    const parsed = JSON.parse(json) as { companies?: unknown; people?: unknown };
    return { companies: clean(parsed.companies), people: clean(parsed.people) };
  } catch {
    return { companies: [], people: [] };
  }
}

/**
 * A published entry as a visitor sees it, or null when it is not in the library. Public
 * fields only: no owner, contact, tax code or original file names; files of the public
 * fields only (the commitments never), each named by its own public address.
 */
export async function getLibraryEntry(
  ctx: LibraryContext,
  id: string,
  lang: Lang,
): Promise<LibraryEntry | null> {
  const q = ctx.db.kysely;
  const row = await q
    .selectFrom("library_entries as l")
    .innerJoin("entries as e", "e.id", "l.entry_id")
    .innerJoin("seasons as s", "s.id", "e.season_id")
    .innerJoin("categories as c", "c.id", "e.category_id")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .select([
      "l.entry_id",
      "l.code",
      "l.title",
      "l.brand",
      "l.season_year",
      "l.track_code",
      "l.track_name_vi",
      "l.track_name_en",
      "l.category_code",
      "l.category_name_vi",
      "l.category_name_en",
      "l.group_slug",
      "l.prize",
      "l.published_at",
      "g.name_vi as group_vi",
      "g.name_en as group_en",
      "s.name_vi as season_vi",
      "s.name_en as season_en",
      "e.description_vi",
      "e.description_en",
      "e.start_month",
      "e.start_year",
      "e.end_month",
      "e.end_year",
      "e.video_link",
      "e.credits",
    ])
    .where("l.entry_id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const files = await q
    .selectFrom("entry_files")
    .select(["id", "field", "mime", "variants"])
    .where("entry_id", "=", id)
    .where("field", "in", ["images", ...LIBRARY_SERVED_FIELDS])
    .orderBy("field")
    .orderBy("sort_order")
    .execute();

  const imageIds = files
    .filter((f) => f.field === "images")
    .map((f) => mediaIdOf(f.variants))
    .filter((mediaId): mediaId is number => mediaId !== null);
  const resolved = ctx.deps.images
    ? await ctx.deps.images.resolveMany(imageIds.map((mediaId) => ({ mediaId })))
    : [];
  const images: ResponsiveImageData[] = resolved
    .filter((image): image is ResponsiveImageData => image !== null)
    .map((image) => ({
      id: image.id,
      src: image.src,
      width: image.width,
      height: image.height,
      alt: image.alt || row.title,
      srcset: image.srcset,
      sizes: image.sizes,
    }));

  const videoFile = files.find((f) => f.field === "video");
  const link = row.video_link ? parseVideoLink(row.video_link) : null;
  const video: LibraryEntry["video"] = videoFile
    ? {
        kind: "file",
        src: libraryFilePath(id, videoFile.id),
        mime: videoFile.mime,
        poster: images[0]?.src ?? null,
      }
    : link
      ? { kind: link.provider, id: link.id, url: link.canonicalUrl }
      : null;

  return {
    id: row.entry_id,
    code: row.code,
    title: row.title,
    brand: row.brand,
    year: Number(row.season_year),
    season: { vi: row.season_vi, en: row.season_en },
    track: { code: row.track_code, vi: row.track_name_vi, en: row.track_name_en },
    group: { slug: row.group_slug, vi: row.group_vi, en: row.group_en },
    category: { code: row.category_code, vi: row.category_name_vi, en: row.category_name_en },
    prize: row.prize && isPrize(row.prize) ? row.prize : null,
    descriptionVi: row.description_vi,
    descriptionEn: row.description_en,
    period: {
      startMonth: row.start_month,
      startYear: row.start_year,
      endMonth: row.end_month,
      endYear: row.end_year,
    },
    credits: credits(row.credits, lang),
    images,
    video,
    documents: inReadingOrder(
      files.flatMap((f) => {
        const doc = DOCUMENTS[f.field];
        return doc
          ? [{ field: f.field, ...doc, url: libraryFilePath(id, f.id), mime: f.mime }]
          : [];
      }),
      lang,
    ),
    ogImage: entryOgImagePath(row.entry_id, lang),
    publishedAt: row.published_at,
  };
}
