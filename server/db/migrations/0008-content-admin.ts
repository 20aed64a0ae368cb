import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Content back office: the slugs a record used to have, so old URLs keep working
// (301 to the current one), and indexes for the back-office news table's sorts.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const id = kind === "postgres" ? "serial" : "integer";
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("slug_history")
    .addColumn("id", id, idColumn)
    // What the slug named: `news` (later: other content types).
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("lang", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("slug_history_type_lang_slug_idx")
    .on("slug_history")
    .columns(["type", "lang", "slug"])
    .unique()
    .execute();
  await db.schema
    .createIndex("slug_history_target_idx")
    .on("slug_history")
    .columns(["type", "target_id"])
    .execute();

  await db.schema
    .createIndex("news_articles_updated_idx")
    .on("news_articles")
    .columns(["updated_at", "id"])
    .execute();
  await db.schema
    .createIndex("news_articles_published_idx")
    .on("news_articles")
    .columns(["published_at", "id"])
    .execute();
  await db.schema
    .createIndex("news_articles_title_idx")
    .on("news_articles")
    .columns(["title_vi", "id"])
    .execute();
  await db.schema
    .createIndex("news_articles_slug_en_idx")
    .on("news_articles")
    .column("slug_en")
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "news_articles_slug_en_idx",
    "news_articles_title_idx",
    "news_articles_published_idx",
    "news_articles_updated_idx",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropTable("slug_history").ifExists().execute();
}
