import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Q = Kysely<Database>;

/**
 * The entry with everything an operation on it reads, in one statement: its season's dates,
 * its track and category (with the category's group and prices), its owner's registrant
 * type and the reason it was sent back for changes. Locking (PostgreSQL) takes the entry's
 * row only.
 */
export function findEntryWithCatalogue(db: Q, id: string, lock = false) {
  return (
    db
      .selectFrom("entries as e")
      .innerJoin("seasons as s", "s.id", "e.season_id")
      .leftJoin("tracks as t", "t.id", "e.track_id")
      .leftJoin("categories as c", "c.id", "e.category_id")
      .leftJoin("category_groups as g", "g.id", "c.group_id")
      .leftJoin("registrants as r", "r.user_id", "e.owner_user_id")
      .selectAll("e")
      .select([
        "s.year as s_year",
        "s.submission_opens_at as s_submission_opens_at",
        "s.submission_closes_at as s_submission_closes_at",
        "s.early_bird_deadline as s_early_bird_deadline",
        "s.late_deadline as s_late_deadline",
        "t.season_id as t_season_id",
        "t.slug as t_slug",
        "t.code as t_code",
        "t.name_vi as t_name_vi",
        "t.name_en as t_name_en",
        "c.slug as c_slug",
        "c.code as c_code",
        "c.name_vi as c_name_vi",
        "c.name_en as c_name_en",
        "c.description_vi as c_description_vi",
        "c.description_en as c_description_en",
        "c.fee_vnd as c_fee_vnd",
        "c.early_bird_fee_vnd as c_early_bird_fee_vnd",
        "c.late_fee_vnd as c_late_fee_vnd",
        "c.video_required as c_video_required",
        "c.allow_individual as c_allow_individual",
        "c.allow_enterprise as c_allow_enterprise",
        "g.track_id as c_track_id",
        "g.slug as g_slug",
        "g.name_vi as g_name_vi",
        "g.name_en as g_name_en",
        "r.type as registrant_type",
      ])
      // The reason of the latest move to needs_changes: what the entrant is asked to fix.
      .select((eb) =>
        eb
          .selectFrom("entry_status_history as h")
          .select("h.reason")
          .whereRef("h.entry_id", "=", "e.id")
          .where("h.to_status", "=", "needs_changes")
          .orderBy("h.id", "desc")
          .limit(1)
          .as("changes_reason"),
      )
      // Whether a round of the season has opened: judging has begun for its accepted entries.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("judging_rounds as jr")
              .select("jr.id")
              .whereRef("jr.season_id", "=", "e.season_id")
              .where("jr.state", "<>", "draft"),
          )
          .as("judging_begun"),
      )
      .where("e.id", "=", id)
      .$if(lock, (q) => q.forUpdate("e"))
      .executeTakeFirst()
  );
}
/** Several seasons by id (the dashboard's entries may span seasons). */
export function listSeasons(db: Q, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("seasons").selectAll().where("id", "in", ids).execute();
}

/** Several tracks by id. */
export function listTracks(db: Q, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("tracks").selectAll().where("id", "in", ids).execute();
}

export function findSeasonByYear(db: Q, year: number) {
  return db.selectFrom("seasons").selectAll().where("year", "=", year).executeTakeFirst();
}

export function findTrack(db: Q, id: number) {
  return db.selectFrom("tracks").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Categories with their group and the track it belongs to, as entries read them. */
function categoriesWithGroup(db: Q) {
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
      "c.early_bird_fee_vnd",
      "c.late_fee_vnd",
      "c.video_required",
      "c.allow_individual",
      "c.allow_enterprise",
      "g.track_id",
      "g.slug as group_slug",
      "g.name_vi as group_name_vi",
      "g.name_en as group_name_en",
    ]);
}

/** A category with the track it belongs to (through its group). */
export function findCategory(db: Q, id: number) {
  return categoriesWithGroup(db).where("c.id", "=", id).executeTakeFirst();
}
export type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

/** Several categories by id, shaped as `findCategory` (the dashboard reads them at once). */
export function listCategories(db: Q, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return categoriesWithGroup(db).where("c.id", "in", ids).execute();
}

/**
 * Which of these stored files the judges'-copy job refused (no copy: damaged, encrypted, too
 * large…). A file with no row yet is still waiting for its copy, and is not among them.
 */
export async function findUnjudgeableKeys(
  db: Q,
  storageKeys: readonly string[],
): Promise<Set<string>> {
  const keys = [...new Set(storageKeys)];
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom("judge_copies")
    .select("source_key")
    .where("source_key", "in", keys)
    .where("copy_key", "is", null)
    .execute();
  return new Set(rows.map((row) => row.source_key));
}

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

/** The contacts of several users, in chunks a statement's parameters can hold. */
export async function findUserContacts(db: Q, userIds: readonly string[]) {
  const found = [];
  for (let i = 0; i < userIds.length; i += 500) {
    found.push(
      ...(await db
        .selectFrom("user")
        .select(["id", "name", "email", "lang"])
        .where("id", "in", userIds.slice(i, i + 500))
        .execute()),
    );
  }
  return found;
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

/** Whether the entry's history holds a move to `paid` (its fee was settled at some point). */
export async function wasEverPaid(db: Q, entryId: string): Promise<boolean> {
  const row = await db
    .selectFrom("entry_status_history")
    .select("id")
    .where("entry_id", "=", entryId)
    .where("to_status", "=", "paid")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the entry last moved to `paid` (its fee settled, or its screening reopened); else null. */
export async function lastPaidAt(db: Q, entryId: string): Promise<string | null> {
  const row = await db
    .selectFrom("entry_status_history")
    .select((eb) => eb.fn.max("created_at").as("at"))
    .where("entry_id", "=", entryId)
    .where("to_status", "=", "paid")
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Whether a round of the season is no longer a draft: judging has begun for its entries. */
export async function seasonJudgingBegun(db: Q, seasonId: number | string): Promise<boolean> {
  const row = await db
    .selectFrom("judging_rounds")
    .select("id")
    .where("season_id", "=", Number(seasonId))
    .where("state", "<>", "draft")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An entry's status, version and owner, for a staff move (held with FOR UPDATE on PostgreSQL). */
export function findEntryStatus(db: Q, id: string, lock: boolean) {
  return db
    .selectFrom("entries as e")
    .select([
      "e.id",
      "e.code",
      "e.season_id",
      "e.status",
      "e.status_version",
      "e.owner_user_id",
      "e.campaign_name",
    ])
    .where("e.id", "=", id)
    .$if(lock, (q) => q.forUpdate("e"))
    .executeTakeFirst();
}

/** An entry's transitions, oldest first. */
export function listStatusHistory(db: Q, entryId: string) {
  return db
    .selectFrom("entry_status_history")
    .selectAll()
    .where("entry_id", "=", entryId)
    .orderBy("id")
    .execute();
}
