import type { Insertable, Kysely } from "kysely";
import type { Database, EntryTable, SeasonTable } from "../db/schema";

/**
 * Inserts a season of `year` with no dates set (code `VX<yy>`), `values` set over that, and
 * returns its id: the bare season tests build their own catalogue or window on.
 */
export async function insertSeason(
  db: Kysely<Database>,
  year: number,
  values: Partial<Insertable<SeasonTable>> = {},
): Promise<number> {
  const at = values.created_at ?? new Date().toISOString();
  const row = await db
    .insertInto("seasons")
    .values({
      year,
      code: `VX${String(year).slice(2)}`,
      name_vi: `Mùa giải ${year}`,
      name_en: `Season ${year}`,
      registration_opens_at: null,
      registration_closes_at: null,
      submission_opens_at: null,
      submission_closes_at: null,
      early_bird_deadline: null,
      late_deadline: null,
      ceremony_at: null,
      created_at: at,
      updated_at: at,
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Inserts an empty draft entry of `seasonId` owned by `ownerUserId` (no track, category or
 * code), `values` set over that: the bare entry tests need when only its existence matters.
 */
export async function insertBareDraft(
  db: Kysely<Database>,
  ownerUserId: string,
  seasonId: number,
  values: Partial<Insertable<EntryTable>> & { id: string },
): Promise<void> {
  const at = values.created_at ?? new Date().toISOString();
  await db
    .insertInto("entries")
    .values({
      owner_user_id: ownerUserId,
      season_id: seasonId,
      track_id: null,
      category_id: null,
      code: null,
      status: "draft",
      brand_name: "",
      campaign_name: "",
      description_vi: "",
      description_en: "",
      start_month: null,
      start_year: null,
      end_month: null,
      end_year: null,
      video_link: "",
      credits: "{}",
      version: 1,
      created_at: at,
      updated_at: at,
      submitted_at: null,
      withdrawn_at: null,
      changes_due_at: null,
      ...values,
    })
    .execute();
}
