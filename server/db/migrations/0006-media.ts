import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Uploaded images (server/modules/media): the original and its responsive
// variants live in Storage under `media/<id>/…`; this row lists them. `variants` is JSON:
// [{ "format": "avif" | "webp" | "jpeg" | "png", "width", "height", "key", "bytes" }].
// `token` (random hex) names the files and public addresses; `id` is what other rows keep.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable("media")
    .addColumn("id", kind === "postgres" ? "serial" : "integer", idColumn)
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("purpose", "text", (c) => c.notNull())
    // private: variants under `media-private/…`, reachable only through signed links.
    .addColumn("visibility", "text", (c) =>
      c
        .notNull()
        .defaultTo("public")
        .check(sql`visibility in ('public', 'private')`),
    )
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("has_alpha", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("original_key", "text", (c) => c.notNull())
    .addColumn("variants", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("alt", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("media_purpose_created_idx")
    .on("media")
    .columns(["purpose", "created_at"])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media").ifExists().execute();
}
