import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Public content (PRODUCT §6): news, editable pages (intro, tracks), jury per year, winners
// per year. Rich-text bodies hold the sanitised block list of core/rich-text.ts as JSON.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const id = kind === "postgres" ? "serial" : "integer";
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("news_articles")
    .addColumn("id", id, idColumn)
    .addColumn("slug_vi", "text", (c) => c.notNull().unique())
    .addColumn("slug_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("title_vi", "text", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("summary_vi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("summary_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body_vi", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("body_en", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("cover_image", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'scheduled', 'published')`),
    )
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("news_articles_status_published_idx")
    .on("news_articles")
    .columns(["status", "published_at"])
    .execute();

  await db.schema
    .createTable("content_pages")
    .addColumn("id", id, idColumn)
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("season_id", "integer", (c) => c.references("seasons.id").onDelete("cascade"))
    .addColumn("title_vi", "text", (c) => c.notNull())
    .addColumn("title_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("summary_vi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("summary_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body_vi", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("body_en", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("content_pages_key_season_idx")
    .on("content_pages")
    .columns(["key", "season_id"])
    .execute();

  await db.schema
    .createTable("jury_members")
    .addColumn("id", id, idColumn)
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title_vi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("title_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("organisation", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bio_vi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bio_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("photo", "text")
    .addColumn("is_chair", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("jury_members_year_order_idx")
    .on("jury_members")
    .columns(["year", "sort_order"])
    .execute();

  await db.schema
    .createTable("winners")
    .addColumn("id", id, idColumn)
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.references("categories.id").onDelete("set null"))
    .addColumn("entry_id", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("agency", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category_label_vi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category_label_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("prize", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("video_url", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("winners_year_order_idx")
    .on("winners")
    .columns(["year", "sort_order"])
    .execute();
  await db.schema.createIndex("winners_category_idx").on("winners").column("category_id").execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["winners", "jury_members", "content_pages", "news_articles"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
