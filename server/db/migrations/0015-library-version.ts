import { sql, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// A version of the library's contents beside its published count: any insert, delete or
// change of a library_entries row moves it. The list keeps what the filters offer (years,
// category tree, prizes) in memory while the version it was read at is current, so the
// offers never lag behind a publication, whichever process made it. Triggers of their own,
// beside 0014's (which keep the search index and the count).
export default (kind: DatabaseKind): Migration => ({
  up: (db) => up(db, kind),
  down: (db) => down(db, kind),
});

const EVENTS = ["insert", "update", "delete"] as const;

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable("library_stats")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  if (kind === "postgres") {
    // Once per statement, as the count is: a bulk publication moves the version once.
    await sql`
      create function library_stats_touch() returns trigger language plpgsql as $$
      begin
        update library_stats set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
  }
  for (const event of EVENTS) {
    const name = sql.raw(`library_entries_version_${event}`);
    const on = sql.raw(event);
    await (
      kind === "postgres"
        ? sql`create trigger ${name} after ${on} on library_entries
          for each statement execute function library_stats_touch()`
        : sql`create trigger ${name} after ${on} on library_entries begin
          update library_stats set version = version + 1 where id = 1;
        end`
    ).execute(db);
  }
}

async function down(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  for (const event of EVENTS) {
    const name = sql.raw(`library_entries_version_${event}`);
    await (
      kind === "postgres"
        ? sql`drop trigger if exists ${name} on library_entries`
        : sql`drop trigger if exists ${name}`
    ).execute(db);
  }
  if (kind === "postgres") await sql`drop function if exists library_stats_touch()`.execute(db);
  await db.schema.alterTable("library_stats").dropColumn("version").execute();
}
