import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Q = Kysely<Database>;

/** The entry, optionally locked for the rest of the transaction (PostgreSQL; SQLite has one writer). */
export function findEntry(db: Q, id: string, lock = false) {
  return db
    .selectFrom("entries")
    .selectAll()
    .where("id", "=", id)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

export function findSeasonById(db: Q, id: number) {
  return db.selectFrom("seasons").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findSeasonByYear(db: Q, year: number) {
  return db.selectFrom("seasons").selectAll().where("year", "=", year).executeTakeFirst();
}

export function findTrack(db: Q, id: number) {
  return db.selectFrom("tracks").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A category with the track it belongs to (through its group). */
export function findCategory(db: Q, id: number) {
  return db
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .select([
      "c.id",
      "c.slug",
      "c.code",
      "c.name_vi",
      "c.name_en",
      "c.description_vi",
      "c.description_en",
      "c.fee_vnd",
      "c.video_required",
      "c.allow_individual",
      "c.allow_enterprise",
      "g.track_id",
      "g.slug as group_slug",
      "g.name_vi as group_name_vi",
      "g.name_en as group_name_en",
    ])
    .where("c.id", "=", id)
    .executeTakeFirst();
}
export type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

export function listEntryFiles(db: Q, entryIds: readonly string[]) {
  if (entryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("entry_files")
    .selectAll()
    .where("entry_id", "in", entryIds)
    .orderBy("entry_id")
    .orderBy("field")
    .orderBy("sort_order")
    .orderBy("created_at")
    .execute();
}

export function findRegistrantType(db: Q, userId: string) {
  return db
    .selectFrom("registrants")
    .select("type")
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export function findUserContact(db: Q, userId: string) {
  return db
    .selectFrom("user")
    .select(["id", "name", "email", "lang"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Whether the account's email address is confirmed (PRODUCT §1: only then may it submit). */
export async function isEmailVerified(db: Q, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("emailVerified")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(row && Number(row.emailVerified));
}

/**
 * The next number for a season and code prefix: one upsert, atomic on both databases (the row
 * lock on PostgreSQL, the single writer on SQLite), inside the caller's transaction.
 */
export async function nextCodeNumber(db: Q, seasonId: number, prefix: string): Promise<number> {
  const row = await db
    .insertInto("entry_code_sequences")
    .values({ season_id: seasonId, prefix, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(["season_id", "prefix"])
        .doUpdateSet({ last_number: sql<number>`entry_code_sequences.last_number + 1` }),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** How many entry files (in any entry) hold the storage key. */
export async function countStorageKeyUses(db: Q, key: string): Promise<number> {
  const row = await db
    .selectFrom("entry_files")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("storage_key", "=", key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every track, group and category of a season, for the form's choices. */
export function listSeasonCatalogue(db: Q, seasonId: number) {
  return db
    .selectFrom("tracks as t")
    .leftJoin("category_groups as g", "g.track_id", "t.id")
    .leftJoin("categories as c", "c.group_id", "g.id")
    .select([
      "t.id as track_id",
      "t.slug as track_slug",
      "t.code as track_code",
      "t.name_vi as track_name_vi",
      "t.name_en as track_name_en",
      "g.slug as group_slug",
      "g.name_vi as group_name_vi",
      "g.name_en as group_name_en",
      "c.id as category_id",
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
