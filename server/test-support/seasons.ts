import type { Insertable, Kysely } from "kysely";
import type { Database, SeasonTable } from "../db/schema";

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
