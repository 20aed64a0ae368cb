import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// One migration set for SQLite and PostgreSQL: portable column types only.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  // PostgreSQL: serial (its own sequence); SQLite: integer primary key autoincrement.
  const id = kind === "postgres" ? "serial" : "integer";
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("seasons")
    .addColumn("id", id, idColumn)
    .addColumn("year", "integer", (c) => c.notNull().unique())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("name_vi", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("registration_opens_at", "text")
    .addColumn("registration_closes_at", "text")
    .addColumn("submission_opens_at", "text")
    .addColumn("submission_closes_at", "text")
    .addColumn("early_bird_deadline", "text")
    .addColumn("late_deadline", "text")
    .addColumn("ceremony_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tracks")
    .addColumn("id", id, idColumn)
    .addColumn("season_id", "integer", (c) =>
      c.notNull().references("seasons.id").onDelete("cascade"),
    )
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name_vi", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("tagline_vi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tagline_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("tracks_season_slug_unique", ["season_id", "slug"])
    .execute();

  await db.schema
    .createTable("category_groups")
    .addColumn("id", id, idColumn)
    .addColumn("track_id", "integer", (c) =>
      c.notNull().references("tracks.id").onDelete("cascade"),
    )
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name_vi", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("category_groups_track_slug_unique", ["track_id", "slug"])
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("id", id, idColumn)
    .addColumn("group_id", "integer", (c) =>
      c.notNull().references("category_groups.id").onDelete("cascade"),
    )
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name_vi", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("description_vi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fee_vnd", "integer", (c) => c.notNull().check(sql`fee_vnd >= 0`))
    .addColumn("video_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("allow_individual", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("allow_enterprise", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("categories_group_slug_unique", ["group_id", "slug"])
    .execute();

  await db.schema.createIndex("tracks_season_idx").on("tracks").column("season_id").execute();
  await db.schema
    .createIndex("category_groups_track_idx")
    .on("category_groups")
    .column("track_id")
    .execute();
  await db.schema.createIndex("categories_group_idx").on("categories").column("group_id").execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["site_settings", "categories", "category_groups", "tracks", "seasons"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
