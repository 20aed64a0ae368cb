import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// The public entry library (PRODUCT §6): one row per published entry, denormalised so the
// list filters, sorts and counts from this table alone at 50,000 rows, with its search
// document (text folded like core/search-text.ts and split into words). Full-text search:
// SQLite an FTS5 index kept by triggers over the row's document (bm25), PostgreSQL a stored
// tsvector ('simple': no stemming, the text is already folded) under a GIN index (ts_rank).
// How listLibrary uses them at 50,000 rows: ARCHITECTURE.md, "Library search".
export default (kind: DatabaseKind): Migration => ({
  up: (db) => up(db, kind),
  down: (db) => down(db, kind),
});

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("library_entries")
    // The full-text index's row id (FTS5 rowid on SQLite).
    .addColumn("doc_id", kind === "postgres" ? "serial" : "integer", idColumn)
    .addColumn("entry_id", "text", (c) =>
      c.notNull().unique().references("entries.id").onDelete("cascade"),
    )
    .addColumn("season_year", "integer", (c) => c.notNull())
    .addColumn("track_code", "text", (c) => c.notNull())
    .addColumn("group_slug", "text", (c) => c.notNull())
    .addColumn("category_code", "text", (c) => c.notNull())
    // A WINNER_PRIZES value once judging published it; null otherwise.
    .addColumn("prize", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("track_name_vi", "text", (c) => c.notNull())
    .addColumn("track_name_en", "text", (c) => c.notNull())
    .addColumn("category_name_vi", "text", (c) => c.notNull())
    .addColumn("category_name_en", "text", (c) => c.notNull())
    // The card's picture (the first image) and whether the entry has a video.
    .addColumn("image_media_id", "integer")
    .addColumn("has_video", "integer", (c) => c.notNull().defaultTo(0))
    // Newest year first, then prize rank, then code: the order of a list without a search.
    .addColumn("sort_key", "text", (c) => c.notNull())
    // Folded words: title, brand and code; credits, descriptions and the category's names.
    .addColumn("search_title", "text", (c) => c.notNull())
    .addColumn("search_body", "text", (c) => c.notNull())
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("published_by", "text")
    .execute();
  await db.schema
    .createIndex("library_entries_sort_idx")
    .on("library_entries")
    .column("sort_key")
    .execute();
  await db.schema
    .createIndex("library_entries_year_idx")
    .on("library_entries")
    .columns(["season_year", "sort_key"])
    .execute();
  await db.schema
    .createIndex("library_entries_track_idx")
    .on("library_entries")
    .columns(["track_code", "sort_key"])
    .execute();
  await db.schema
    .createIndex("library_entries_category_idx")
    .on("library_entries")
    .columns(["track_code", "group_slug", "category_code", "sort_key"])
    .execute();
  await db.schema
    .createIndex("library_entries_prize_idx")
    .on("library_entries")
    .columns(["prize", "sort_key"])
    .execute();
  // What the filters offer (listLibrary's facets): one probe per year, category and prize.
  await db.schema
    .createIndex("library_entries_facet_idx")
    .on("library_entries")
    .columns(["season_year", "track_code", "group_slug", "category_code"])
    .execute();
  await db.schema
    .createIndex("library_entries_year_prize_idx")
    .on("library_entries")
    .columns(["season_year", "prize"])
    .execute();

  // The number of published entries, kept by triggers in the writing transaction: every list
  // request shows it (the total without a filter; "nothing published yet"), and counting
  // 50,000 index entries per request is most of a PostgreSQL request's work.
  await db.schema
    .createTable("library_stats")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("published", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into library_stats (id, published) values (1, 0)`.execute(db);

  if (kind === "postgres") {
    // Once per statement, with the rows it inserted or deleted (an upsert's updated rows are
    // not in its inserted rows): a bulk publication updates the counter once, not per entry.
    await sql`
      create function library_stats_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update library_stats set published = published + (select count(*) from changed) where id = 1;
        else
          update library_stats set published = published - (select count(*) from changed) where id = 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger library_entries_count_insert after insert on library_entries
        referencing new table as changed for each statement
        execute function library_stats_count()`.execute(db);
    await sql`
      create trigger library_entries_count_delete after delete on library_entries
        referencing old table as changed for each statement
        execute function library_stats_count()`.execute(db);
    await sql`
      alter table library_entries add column search tsvector generated always as (
        setweight(to_tsvector('simple', search_title), 'A') ||
        setweight(to_tsvector('simple', search_body), 'B')
      ) stored`.execute(db);
    // The tsvector is read for every candidate row (a match checked while walking the sort
    // index, a rank): kept in the row (MAIN) rather than in TOAST, three page reads become one;
    // the two texts it is made from are only read when writing, so they go out of line first.
    await sql`
      alter table library_entries
        alter column search set storage main,
        alter column search_title set storage external,
        alter column search_body set storage external`.execute(db);
    // Read-mostly: no pending list to merge at search time.
    await sql`
      create index library_entries_search_idx on library_entries using gin (search)
        with (fastupdate = off)`.execute(db);
    return;
  }
  // An external-content index: the words live once, in library_entries; triggers keep it.
  // Every word of a search is a prefix: a prefix without its own index makes FTS5 gather the
  // matches of every word it begins before returning the first, so the lengths of almost all
  // Vietnamese syllables (and most searched words) have one, read lazily like a word.
  await sql`
    create virtual table library_search using fts5(
      search_title, search_body,
      content='library_entries', content_rowid='doc_id',
      tokenize='unicode61 remove_diacritics 2', prefix='2 3 4 5 6'
    )`.execute(db);
  await sql`
    create trigger library_entries_ai after insert on library_entries begin
      insert into library_search (rowid, search_title, search_body)
        values (new.doc_id, new.search_title, new.search_body);
      update library_stats set published = published + 1 where id = 1;
    end`.execute(db);
  await sql`
    create trigger library_entries_ad after delete on library_entries begin
      insert into library_search (library_search, rowid, search_title, search_body)
        values ('delete', old.doc_id, old.search_title, old.search_body);
      update library_stats set published = published - 1 where id = 1;
    end`.execute(db);
  await sql`
    create trigger library_entries_au after update of search_title, search_body on library_entries begin
      insert into library_search (library_search, rowid, search_title, search_body)
        values ('delete', old.doc_id, old.search_title, old.search_body);
      insert into library_search (rowid, search_title, search_body)
        values (new.doc_id, new.search_title, new.search_body);
    end`.execute(db);
}

async function down(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await sql`drop table if exists library_search`.execute(db);
  await db.schema.dropTable("library_entries").ifExists().execute();
  await db.schema.dropTable("library_stats").ifExists().execute();
  if (kind === "postgres") await sql`drop function if exists library_stats_count()`.execute(db);
}
