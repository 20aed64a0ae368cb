import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export function findSeasonByYear(db: Kysely<Database>, year: number) {
  return db.selectFrom("seasons").selectAll().where("year", "=", year).executeTakeFirst();
}

export function listSeasons(db: Kysely<Database>) {
  return db.selectFrom("seasons").selectAll().orderBy("year", "desc").execute();
}

export function updateSubmissionWindow(
  db: Kysely<Database>,
  year: number,
  window: { submission_opens_at: string | null; submission_closes_at: string | null },
  now: string,
) {
  return db
    .updateTable("seasons")
    .set({ ...window, updated_at: now })
    .where("year", "=", year)
    .executeTakeFirst();
}

/** Every track, group and category of a season, ordered for display. */
export function listCategoryRows(db: Kysely<Database>, seasonId: number) {
  return db
    .selectFrom("tracks as t")
    .leftJoin("category_groups as g", "g.track_id", "t.id")
    .leftJoin("categories as c", "c.group_id", "g.id")
    .select([
      "t.slug as track_slug",
      "t.code as track_code",
      "t.name_vi as track_name_vi",
      "t.name_en as track_name_en",
      "t.tagline_vi as track_tagline_vi",
      "t.tagline_en as track_tagline_en",
      "g.slug as group_slug",
      "g.name_vi as group_name_vi",
      "g.name_en as group_name_en",
      "c.slug as category_slug",
      "c.code as category_code",
      "c.name_vi as category_name_vi",
      "c.name_en as category_name_en",
      "c.description_vi as category_description_vi",
      "c.description_en as category_description_en",
      "c.fee_vnd",
      "c.video_required",
      "c.allow_individual",
      "c.allow_enterprise",
    ])
    .where("t.season_id", "=", seasonId)
    .orderBy("t.sort_order")
    .orderBy("g.sort_order")
    .orderBy("c.sort_order")
    .execute();
}
