import type { Selectable } from "kysely";
import type {
  AdminCategory,
  AdminGroup,
  AdminSeason,
  AdminTrack,
} from "../../../core/season-admin";
import type { Db } from "../../db/database";
import type { SeasonTable } from "../../db/schema";

/**
 * What the seasons back office reads: the seasons with their names and dates, and one
 * season's category tree (tracks → groups → categories) with ids, in display order, and
 * how many entries each node holds (a track or group: those of its categories).
 */

export type {
  AdminCategory,
  AdminGroup,
  AdminSeason,
  AdminTrack,
  SeasonDates,
} from "../../../core/season-admin";

export function toSeason(row: Selectable<SeasonTable>): AdminSeason {
  return {
    id: row.id,
    year: row.year,
    code: row.code,
    nameVi: row.name_vi,
    nameEn: row.name_en,
    registrationOpensAt: row.registration_opens_at,
    registrationClosesAt: row.registration_closes_at,
    submissionOpensAt: row.submission_opens_at,
    submissionClosesAt: row.submission_closes_at,
    earlyBirdDeadline: row.early_bird_deadline,
    lateDeadline: row.late_deadline,
    ceremonyAt: row.ceremony_at,
  };
}

export async function listSeasons(db: Db): Promise<AdminSeason[]> {
  const rows = await db.kysely.selectFrom("seasons").selectAll().orderBy("year", "desc").execute();
  return rows.map(toSeason);
}

export async function getSeason(db: Db, year: number): Promise<AdminSeason | null> {
  const row = await db.kysely
    .selectFrom("seasons")
    .selectAll()
    .where("year", "=", year)
    .executeTakeFirst();
  return row ? toSeason(row) : null;
}

/**
 * The whole tree of a season with ids, in display order, and entry counts per node: one count
 * query grouped by category, added up here for groups and tracks, the way deleting counts
 * them (`usesBeneath`: a track's or group's entries are those of its categories).
 */
export async function seasonTree(db: Db, year: number): Promise<AdminTrack[]> {
  const k = db.kysely;
  const season = await k
    .selectFrom("seasons")
    .select("id")
    .where("year", "=", year)
    .executeTakeFirst();
  if (!season) return [];
  const tracks = await k
    .selectFrom("tracks")
    .selectAll()
    .where("season_id", "=", season.id)
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const trackIds = tracks.map((t) => t.id);
  const groups = trackIds.length
    ? await k
        .selectFrom("category_groups")
        .selectAll()
        .where("track_id", "in", trackIds)
        .orderBy("sort_order")
        .orderBy("id")
        .execute()
    : [];
  const groupIds = groups.map((g) => g.id);
  const categories = groupIds.length
    ? await k
        .selectFrom("categories")
        .selectAll()
        .where("group_id", "in", groupIds)
        .orderBy("sort_order")
        .orderBy("id")
        .execute()
    : [];
  const counts = new Map<number, number>();
  const categoryIds = categories.map((c) => c.id);
  if (categoryIds.length) {
    const rows = await k
      .selectFrom("entries")
      .select(["category_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("category_id", "in", categoryIds)
      .groupBy("category_id")
      .execute();
    for (const row of rows)
      if (row.category_id !== null) counts.set(row.category_id, Number(row.n));
  }
  const categoriesOf = (groupId: number): AdminCategory[] =>
    categories
      .filter((c) => c.group_id === groupId)
      .map((c) => ({
        id: c.id,
        slug: c.slug,
        code: c.code,
        nameVi: c.name_vi,
        nameEn: c.name_en,
        descriptionVi: c.description_vi,
        descriptionEn: c.description_en,
        feeVnd: Number(c.fee_vnd),
        earlyBirdFeeVnd: c.early_bird_fee_vnd === null ? null : Number(c.early_bird_fee_vnd),
        lateFeeVnd: c.late_fee_vnd === null ? null : Number(c.late_fee_vnd),
        videoRequired: Boolean(c.video_required),
        allowIndividual: Boolean(c.allow_individual),
        allowEnterprise: Boolean(c.allow_enterprise),
        entryCount: counts.get(c.id) ?? 0,
      }));
  const groupsOf = (trackId: number): AdminGroup[] =>
    groups
      .filter((g) => g.track_id === trackId)
      .map((g) => {
        const beneath = categoriesOf(g.id);
        return {
          id: g.id,
          slug: g.slug,
          nameVi: g.name_vi,
          nameEn: g.name_en,
          entryCount: sumEntries(beneath),
          categories: beneath,
        };
      });
  return tracks.map((t) => {
    const beneath = groupsOf(t.id);
    return {
      id: t.id,
      slug: t.slug,
      code: t.code,
      nameVi: t.name_vi,
      nameEn: t.name_en,
      taglineVi: t.tagline_vi,
      taglineEn: t.tagline_en,
      entryCount: sumEntries(beneath),
      groups: beneath,
    };
  });
}

const sumEntries = (nodes: readonly { entryCount: number }[]) =>
  nodes.reduce((sum, node) => sum + node.entryCount, 0);
