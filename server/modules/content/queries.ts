import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "../../db/schema";

/** News a visitor may read at `now`: published, or scheduled for a moment already past. */
function visibleNews(db: Kysely<Database>, now: string) {
  return db
    .selectFrom("news_articles")
    .where("status", "in", ["published", "scheduled"])
    .where("published_at", "is not", null)
    .where("published_at", "<=", now);
}

const NEWS_SUMMARY = [
  "id",
  "slug_vi",
  "slug_en",
  "title_vi",
  "title_en",
  "summary_vi",
  "summary_en",
  "cover_image",
  "published_at",
  "updated_at",
] as const;

/** How many rows a query selects (drivers answer a count as a number or a string). */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = (await query
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow()) as { n: number | string };
  return Number(row.n);
}

export function countVisibleNews(db: Kysely<Database>, now: string): Promise<number> {
  return countRows(visibleNews(db, now));
}

export function listVisibleNews(
  db: Kysely<Database>,
  now: string,
  options: { limit: number; offset: number; excludeId?: number },
) {
  let query = visibleNews(db, now).select(NEWS_SUMMARY);
  if (options.excludeId !== undefined) query = query.where("id", "!=", options.excludeId);
  return query
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export function findVisibleArticle(db: Kysely<Database>, id: number, now: string) {
  return visibleNews(db, now).selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findPage(db: Kysely<Database>, key: string, seasonId: number | null) {
  // The season's own version first, then the one that holds for every season.
  const query = db.selectFrom("content_pages").selectAll().where("key", "=", key);
  const own =
    seasonId === null
      ? undefined
      : await query.where("season_id", "=", seasonId).orderBy("id", "desc").executeTakeFirst();
  return own ?? query.where("season_id", "is", null).orderBy("id", "desc").executeTakeFirst();
}

export async function juryYears(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom("jury_members")
    .select("year")
    .distinct()
    .orderBy("year", "desc")
    .execute();
  return rows.map((r) => Number(r.year));
}

export function listJury(db: Kysely<Database>, year: number, limit?: number) {
  let query = db
    .selectFrom("jury_members")
    .selectAll()
    .where("year", "=", year)
    .orderBy("is_chair", "desc")
    .orderBy("sort_order")
    .orderBy("id");
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

export async function winnerYears(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom("winners")
    .select("year")
    .distinct()
    .orderBy("year", "desc")
    .execute();
  return rows.map((r) => Number(r.year));
}

/** What a winner shows, on the public page and in the back office. */
const WINNER_COLUMNS = [
  "w.id",
  "w.title",
  "w.brand",
  "w.agency",
  "w.category_label_vi",
  "w.category_label_en",
  "w.prize",
  "w.image",
  "w.image_media_id",
  "w.video_url",
  "w.entry_id",
] as const;

function winnersOf(db: Kysely<Database>, year: number, categoryCodes: string[]) {
  let query = db
    .selectFrom("winners as w")
    .leftJoin("categories as c", "c.id", "w.category_id")
    .where("w.year", "=", year);
  if (categoryCodes.length > 0) query = query.where("c.code", "in", categoryCodes);
  return query;
}

export function countWinners(
  db: Kysely<Database>,
  year: number,
  categoryCodes: string[],
): Promise<number> {
  return countRows(winnersOf(db, year, categoryCodes));
}

export function listWinners(
  db: Kysely<Database>,
  year: number,
  categoryCodes: string[],
  page: { limit: number; offset: number },
) {
  return winnersOf(db, year, categoryCodes)
    .leftJoin("entries as e", "e.id", "w.entry_id")
    .leftJoin("category_groups as g", "g.id", "c.group_id")
    .select([
      ...WINNER_COLUMNS,
      // A winner linked to an entry shows the entry's own campaign name and brand.
      "e.id as linked_entry_id",
      "e.campaign_name as entry_title",
      "e.brand_name as entry_brand",
      "c.code as category_code",
      "c.name_vi as category_name_vi",
      "c.name_en as category_name_en",
      "g.name_vi as group_name_vi",
      "g.name_en as group_name_en",
    ])
    .orderBy("w.sort_order")
    .orderBy("w.id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The categories that have winners in a year, for the filter (ordered as in the tree). */
export function listWinnerCategories(db: Kysely<Database>, year: number) {
  return db
    .selectFrom("winners as w")
    .innerJoin("categories as c", "c.id", "w.category_id")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .select([
      "c.code",
      "c.name_vi",
      "c.name_en",
      "g.name_vi as group_name_vi",
      "g.name_en as group_name_en",
      "t.sort_order as track_order",
      "g.sort_order as group_order",
      "c.sort_order as category_order",
    ])
    .where("w.year", "=", year)
    .distinct()
    .orderBy("track_order")
    .orderBy("group_order")
    .orderBy("category_order")
    .execute();
}

export function listSitemapNews(db: Kysely<Database>, now: string) {
  return visibleNews(db, now)
    .select(["id", "slug_vi", "slug_en", "updated_at"])
    .orderBy("published_at", "desc")
    .execute();
}

// ── Back office ─────────────────────────────────────────────────────────────────────────

/**
 * Whether a media library picture may be shown on a public page: it exists and is public.
 * An entrant's entry pictures are private until the entry is published to the library.
 */
export async function isPublicMedia(k: Kysely<Database>, id: number): Promise<boolean> {
  const row = await k
    .selectFrom("media")
    .select("id")
    .where("id", "=", id)
    .where("visibility", "=", "public")
    .executeTakeFirst();
  return row !== undefined;
}

/** The next free place at the end of a year's jury or winners. */
export async function nextSortOrder(
  db: Kysely<Database>,
  table: "jury_members" | "winners",
  year: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("sort_order").as("m"))
    .where("year", "=", year)
    .executeTakeFirst();
  return row?.m === null || row?.m === undefined ? 0 : Number(row.m) + 1;
}

/** Winners with their category's code and names, as the back office lists and edits them. */
export function winnerSelect(db: Kysely<Database>) {
  return (
    db
      .selectFrom("winners as w")
      .leftJoin("categories as c", "c.id", "w.category_id")
      // Staff know an entry by its code, not its id.
      .leftJoin("entries as e", "e.id", "w.entry_id")
      .select([
        ...WINNER_COLUMNS,
        "e.code as entry_code",
        "w.year",
        "w.category_id",
        "w.sort_order",
        "c.code as category_code",
        "c.name_vi as category_name_vi",
        "c.name_en as category_name_en",
      ])
  );
}

export type AdminWinnerRow = Awaited<
  ReturnType<ReturnType<typeof winnerSelect>["executeTakeFirstOrThrow"]>
>;

/** The categories of a year's season, in tree order. */
export function seasonCategories(db: Kysely<Database>, year: number) {
  return db
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .innerJoin("seasons as s", "s.id", "t.season_id")
    .where("s.year", "=", year);
}

/** The id of the entry with this id or code; null when none; undefined without an entries table. */
export async function findEntryId(
  db: Kysely<Database>,
  ref: string,
): Promise<string | null | undefined> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === "entries")) return undefined;
  const result = await sql<{ id: string }>`
    select id from entries where id = ${ref} or code = ${ref} limit 1`.execute(db);
  return result.rows[0] ? String(result.rows[0].id) : null;
}

/** Whether another article than `exceptId` already uses this slug in that language. */
export async function articleSlugTaken(
  db: Kysely<Database>,
  column: "slug_vi" | "slug_en",
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const row = await db
    .selectFrom("news_articles")
    .select("id")
    .where(column, "=", slug)
    .$if(exceptId !== null, (q) => q.where("id", "!=", exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}
