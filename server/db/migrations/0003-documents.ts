import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Public documents (the season's criteria PDF and other files the organisers publish),
// served read-only from DATA_DIR/files/documents under a random storage name.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const id = kind === "postgres" ? "serial" : "integer";
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("documents")
    .addColumn("id", id, idColumn)
    .addColumn("season_id", "integer", (c) => c.references("seasons.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull().check(sql`lang in ('vi', 'en')`))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("storage_name", "text", (c) => c.notNull().unique())
    .addColumn("bytes", "integer", (c) => c.notNull().check(sql`bytes >= 0`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex("documents_season_kind_lang_idx")
    .on("documents")
    .columns(["season_id", "kind", "lang"])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("documents").ifExists().execute();
}
