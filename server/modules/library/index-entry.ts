import { WINNER_PRIZES } from "../../../core/content-admin";
import { creditRoleIn } from "../../../core/credit-roles";
import { isPrize, prizeRank } from "../../../core/judging-prizes";
import { librarySearchDocument } from "../../../core/library";
import { isVideoLink } from "../../../core/video-link";
import type { Q } from "./context";

/** Entries loaded and written per statement (well within both databases' parameter limits). */
const CHUNK = 400;

interface Credits {
  companies?: { name?: unknown; role?: unknown }[];
  people?: { name?: unknown; role?: unknown }[];
}

function creditTexts(json: string): string[] {
  let credits: Credits;
  try {
    credits = JSON.parse(json) as Credits;
  } catch {
    return [];
  }
  // A role the product knows is found in both languages: the English page shows "Director"
  // for "Đạo diễn", so a search for "director" finds it too.
  return [...(credits.companies ?? []), ...(credits.people ?? [])].flatMap((c) => {
    const name = typeof c?.name === "string" ? [c.name] : [];
    if (typeof c?.role !== "string") return name;
    const roles = new Set([c.role, creditRoleIn(c.role, "vi"), creditRoleIn(c.role, "en")]);
    return [...name, ...roles];
  });
}

/** The media id an image file's `variants` JSON carries, or null. */
export function mediaIdOf(variants: string): number | null {
  try {
    const id = (JSON.parse(variants) as { mediaId?: unknown } | null)?.mediaId;
    return typeof id === "number" ? id : null;
  } catch {
    return null;
  }
}

/** Newest year first, then the prize's rank (none last), then the code. */
export function librarySortKey(year: number, prize: string | null, code: string): string {
  const rank = prize && isPrize(prize) ? prizeRank(prize) : WINNER_PRIZES.length;
  return `${String(9999 - year).padStart(4, "0")}-${String(rank).padStart(2, "0")}-${code}`;
}

/**
 * Puts entries into the library, or refreshes their rows: one denormalised row each (year,
 * track, group, category, prize published by judging, title, brand, code, card picture, search
 * document) and their images made public, so `/media/…` serves them to anyone. A row that
 * exists keeps its publication time and publisher. Entries without a category are skipped.
 * Whether an entry may be published is the caller's check (publishEntries); the demo and the
 * bench call this directly. Runs in the caller's transaction when given one; returns the
 * number of rows written.
 */
export async function indexEntries(
  q: Q,
  ids: readonly string[],
  options: { at: string; publishedBy?: string | null },
): Promise<number> {
  let written = 0;
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    written += await indexChunk(q, unique.slice(i, i + CHUNK), options);
  }
  return written;
}

async function indexChunk(
  q: Q,
  ids: string[],
  options: { at: string; publishedBy?: string | null },
): Promise<number> {
  const rows = await q
    .selectFrom("entries as e")
    .innerJoin("seasons as s", "s.id", "e.season_id")
    .innerJoin("categories as c", "c.id", "e.category_id")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .leftJoin("prizes as p", (join) =>
      join.onRef("p.entry_id", "=", "e.id").on("p.published_at", "is not", null),
    )
    .select([
      "e.id",
      "e.code",
      "e.campaign_name",
      "e.brand_name",
      "e.description_vi",
      "e.description_en",
      "e.credits",
      "e.video_link",
      "s.year",
      "t.code as track_code",
      "t.name_vi as track_vi",
      "t.name_en as track_en",
      "g.slug as group_slug",
      "c.code as category_code",
      "c.name_vi as category_vi",
      "c.name_en as category_en",
      "p.prize",
    ])
    .where("e.id", "in", ids)
    .execute();
  if (rows.length === 0) return 0;
  const files = await q
    .selectFrom("entry_files")
    .select(["entry_id", "field", "variants"])
    .where("entry_id", "in", ids)
    .where("field", "in", ["images", "video"])
    .orderBy("entry_id")
    .orderBy("sort_order")
    .execute();
  const firstImage = new Map<string, number>();
  const withVideo = new Set<string>();
  const mediaIds: number[] = [];
  for (const file of files) {
    if (file.field === "video") {
      withVideo.add(file.entry_id);
      continue;
    }
    const mediaId = mediaIdOf(file.variants);
    if (mediaId === null) continue;
    mediaIds.push(mediaId);
    if (!firstImage.has(file.entry_id)) firstImage.set(file.entry_id, mediaId);
  }

  const values = rows.map((r) => {
    const code = r.code ?? "";
    const year = Number(r.year);
    const prize = r.prize && isPrize(r.prize) ? r.prize : null;
    return {
      entry_id: r.id,
      season_year: year,
      track_code: r.track_code,
      group_slug: r.group_slug,
      category_code: r.category_code,
      prize,
      title: r.campaign_name,
      brand: r.brand_name,
      code,
      track_name_vi: r.track_vi,
      track_name_en: r.track_en,
      category_name_vi: r.category_vi,
      category_name_en: r.category_en,
      image_media_id: firstImage.get(r.id) ?? null,
      has_video: withVideo.has(r.id) || isVideoLink(r.video_link) ? 1 : 0,
      sort_key: librarySortKey(year, prize, code),
      search_title: librarySearchDocument([r.campaign_name, r.brand_name, code]),
      search_body: librarySearchDocument([
        ...creditTexts(r.credits),
        r.description_vi,
        r.description_en,
        r.category_vi,
        r.category_en,
      ]),
      published_at: options.at,
      published_by: options.publishedBy ?? null,
    };
  });
  await q
    .insertInto("library_entries")
    .values(values)
    .onConflict((oc) =>
      oc.column("entry_id").doUpdateSet((eb) => ({
        season_year: eb.ref("excluded.season_year"),
        track_code: eb.ref("excluded.track_code"),
        group_slug: eb.ref("excluded.group_slug"),
        category_code: eb.ref("excluded.category_code"),
        prize: eb.ref("excluded.prize"),
        title: eb.ref("excluded.title"),
        brand: eb.ref("excluded.brand"),
        code: eb.ref("excluded.code"),
        track_name_vi: eb.ref("excluded.track_name_vi"),
        track_name_en: eb.ref("excluded.track_name_en"),
        category_name_vi: eb.ref("excluded.category_name_vi"),
        category_name_en: eb.ref("excluded.category_name_en"),
        image_media_id: eb.ref("excluded.image_media_id"),
        has_video: eb.ref("excluded.has_video"),
        sort_key: eb.ref("excluded.sort_key"),
        search_title: eb.ref("excluded.search_title"),
        search_body: eb.ref("excluded.search_body"),
      })),
    )
    .execute();
  if (mediaIds.length > 0) {
    await q
      .updateTable("media")
      .set({ visibility: "public" })
      .where("id", "in", [...new Set(mediaIds)])
      .execute();
  }
  return values.length;
}
