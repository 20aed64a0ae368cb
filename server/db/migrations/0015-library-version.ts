import { sql, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// A version of the library's contents beside its published count: any insert, delete or
// change of a library_entries row moves it. The list keeps what the filters offer (years,
// category tree, prizes) in memory while the version it was read at is current, so the
// offers never lag behind a publication, whichever process made it.
export default (kind: DatabaseKind): Migration => ({
  up: (db) => up(db, kind),
  down: (db) => down(db, kind),
});

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable("library_stats")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  if (kind === "postgres") {
    // Once per statement, as the count is: a bulk publication moves the version once.
    await sql`
      create or replace function library_stats_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update library_stats set published = published + (select count(*) from changed),
            version = version + 1 where id = 1;
        else
          update library_stats set published = published - (select count(*) from changed),
            version = version + 1 where id = 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create function library_stats_touch() returns trigger language plpgsql as $$
      begin
        update library_stats set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger library_entries_version_update after update on library_entries
        for each statement execute function library_stats_touch()`.execute(db);
    return;
  }
  await sql`drop trigger library_entries_ai`.execute(db);
  await sql`drop trigger library_entries_ad`.execute(db);
  await sql`
    create trigger library_entries_ai after insert on library_entries begin
      insert into library_search (rowid, search_title, search_body)
        values (new.doc_id, new.search_title, new.search_body);
      update library_stats set published = published + 1, version = version + 1 where id = 1;
    end`.execute(db);
  await sql`
    create trigger library_entries_ad after delete on library_entries begin
      insert into library_search (library_search, rowid, search_title, search_body)
        values ('delete', old.doc_id, old.search_title, old.search_body);
      update library_stats set published = published - 1, version = version + 1 where id = 1;
    end`.execute(db);
  await sql`
    create trigger library_entries_version_update after update on library_entries begin
      update library_stats set version = version + 1 where id = 1;
    end`.execute(db);
}

async function down(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  if (kind === "postgres") {
    await sql`drop trigger if exists library_entries_version_update on library_entries`.execute(db);
    await sql`drop function if exists library_stats_touch()`.execute(db);
    await sql`
      create or replace function library_stats_count() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          update library_stats set published = published + (select count(*) from changed) where id = 1;
        else
          update library_stats set published = published - (select count(*) from changed) where id = 1;
        end if;
        return null;
      end $$`.execute(db);
  } else {
    await sql`drop trigger if exists library_entries_version_update`.execute(db);
    await sql`drop trigger library_entries_ai`.execute(db);
    await sql`drop trigger library_entries_ad`.execute(db);
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
  }
  await db.schema.alterTable("library_stats").dropColumn("version").execute();
}
