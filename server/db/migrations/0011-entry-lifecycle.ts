import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// The entry's status lifecycle (PRODUCT §3): every transition in a history table (who, when,
// from, to, why), a status version so two staff members changing the same entry at once
// cannot silently overwrite each other, and the date until which an entry sent back for
// changes may be edited after the deadline. Also `vx_fold`, the folded text that back-office
// searches compare (SQLite registers the same function when it opens the file).
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const id = kind === "postgres" ? "serial" : "integer";
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("entry_status_history")
    .addColumn("id", id, idColumn)
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id").onDelete("cascade"))
    // Null for the first record of an entry created before the history existed.
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    // Null for "system" (payment matching, the resubmission step).
    .addColumn("actor_user_id", "text")
    // "entrant", "system" or the staff role at the time of the change.
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("actor_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    // For needs_changes: editing stays open for this entry until then (ISO instant).
    .addColumn("changes_due_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("entry_status_history_entry_idx")
    .on("entry_status_history")
    .columns(["entry_id", "id"])
    .execute();
  await db.schema
    .createIndex("entry_status_history_to_idx")
    .on("entry_status_history")
    .columns(["to_status", "created_at"])
    .execute();

  await db.schema
    .alterTable("entries")
    .addColumn("status_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("entries").addColumn("changes_due_at", "text").execute();
  await db.schema
    .createIndex("entries_season_submitted_idx")
    .on("entries")
    .columns(["season_id", "submitted_at"])
    .execute();
  await db.schema
    .createIndex("entries_season_updated_idx")
    .on("entries")
    .columns(["season_id", "updated_at"])
    .execute();

  // Entries submitted before the history existed get one record, so every submitted entry
  // has a history that starts with its submission.
  await sql`
    insert into entry_status_history (entry_id, from_status, to_status, actor_user_id, actor_role, created_at)
    select id, 'draft', 'submitted', owner_user_id, 'entrant', submitted_at
    from entries where submitted_at is not null
  `.execute(db);

  if (kind === "postgres") {
    // The same folding as core/search-text.ts foldColumnText: decompose, drop the marks,
    // đ → d, lower case.
    await sql
      .raw(
        `create or replace function vx_fold(t text) returns text language sql immutable strict parallel safe as $$
          select lower(translate(regexp_replace(normalize(t, NFD), '[\\u0300-\\u036f]', '', 'g'), 'đĐ', 'dd'))
        $$`,
      )
      .execute(db);
  }
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("entries_season_updated_idx").ifExists().execute();
  await db.schema.dropIndex("entries_season_submitted_idx").ifExists().execute();
  await db.schema.alterTable("entries").dropColumn("changes_due_at").execute();
  await db.schema.alterTable("entries").dropColumn("status_version").execute();
  await db.schema.dropTable("entry_status_history").ifExists().execute();
}
